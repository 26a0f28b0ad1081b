/**
 * The public face of upload/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */

export type { PictureUser } from './pictures.js';
export { assertPictures, pictureProblems, usableUploads } from './pictures.js';

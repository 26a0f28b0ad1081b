/**
 * The venue screens (/screen_md, /extend, /extend_left, /extend_center, /extend_right) rendered
 * with PixiJS, and the operator's control page. Built in its own issue.
 */
export const SCREEN_ROUTES = ['/screen_md', '/extend', '/extend_left', '/extend_center', '/extend_right'] as const;

import { rm } from 'node:fs/promises';
import {
  IMAGE_UPLOAD_KINDS,
  isXlsxName,
  LIMITS,
  messages,
  STORAGE_UPLOAD_PATH,
  UPLOAD_KEY,
  UPLOAD_KINDS,
  uploadResult,
} from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { errorEnvelope } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import type { FileStore } from '../../storage/store.js';
import { receiveForm, type TempFile } from './receive.js';
import { readUploadToken, type UploadGrant } from './token.js';

const m = messages.upload;
const LARGEST = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));

/** The byte limit of a grant: its kind's maximum, or the token's max_size when smaller. */
const limitOf = (grant: UploadGrant) => Math.min(UPLOAD_KINDS[grant.kind].maxBytes, grant.limits.max_size ?? Infinity);

/** An image of more pixels than this is refused before anything decodes it (thumbnails.ts). */
const MAX_PIXELS = LIMITS.imageMaxPixels;

/** A path problem in the local store (a key under an existing file, …) means the key is taken. */
const isPathConflict = (error: unknown) =>
  ['EEXIST', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)}MB` : n >= 1024 ? `${+(n / 1024).toFixed(1)}KB` : `${n}B`;

/** Pixel size against the token's limits: exact width/height, or a minimum. */
async function checkImage(file: TempFile, grant: UploadGrant): Promise<{ width: number; height: number }> {
  const meta = await sharp(file.path)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw httpError(415, m.unsupported);
  if (meta.width * meta.height > MAX_PIXELS) throw httpError(413, m.tooManyPixels(MAX_PIXELS));
  const { width, height, min_width, min_height } = grant.limits;
  if ((width && meta.width !== width) || (height && meta.height !== height)) {
    throw httpError(400, m.imageSize(width ?? meta.width, height ?? meta.height));
  }
  if ((min_width && meta.width < min_width) || (min_height && meta.height < min_height)) {
    throw httpError(400, m.imageMinSize(min_width ?? 0, min_height ?? 0));
  }
  return { width: meta.width, height: meta.height };
}

/** The kind's own words at its own limit (图片文件最大支持20MB), else the limit said in bytes. */
function tooLargeOf(grant: UploadGrant, limit: number): string {
  const kind: { maxBytes: number; tooLarge?: string } = UPLOAD_KINDS[grant.kind];
  return kind.tooLarge && limit === kind.maxBytes ? kind.tooLarge : m.tooLarge(formatBytes(limit));
}

interface Accepted {
  grant: UploadGrant;
  key: string;
  mime: string;
  pixels: { width: number; height: number } | null;
  file: TempFile;
}

/** The checks, in the protocol's order; the first failure is the answer. */
async function accept(
  db: Db,
  storage: FileStore,
  grant: UploadGrant | null,
  key: string,
  file: TempFile | null,
): Promise<Accepted> {
  if (!grant) throw httpError(401, m.tokenInvalid);
  if (!UPLOAD_KEY.test(key)) throw httpError(400, m.keyInvalid);
  const [taken] = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key)).limit(1);
  if (taken || (await storage.head(key))) throw httpError(409, m.keyTaken);
  if (!file || file.size === 0) throw httpError(400, m.fileMissing);
  // A spreadsheet keeps the spec's file-name rule here too (one dot, .xlsx), not only in the console.
  if (grant.kind === 'xlsx' && !isXlsxName(file.name)) throw httpError(415, m.unsupported);
  const limit = limitOf(grant);
  if (file.overflow || file.size > limit) {
    throw httpError(413, grant.kind === 'video' ? m.videoTooLarge : tooLargeOf(grant, limit));
  }
  const type = await fileTypeFromFile(file.path);
  const mimes: readonly string[] = UPLOAD_KINDS[grant.kind].mimes;
  if (!type || !mimes.includes(type.mime)) throw httpError(415, m.unsupported);
  const pixels = IMAGE_UPLOAD_KINDS.includes(grant.kind) ? await checkImage(file, grant) : null;
  return { grant, key, mime: type.mime, pixels, file };
}

/** Record the upload (the key's primary key settles a race), then move the file into the store. */
async function store(db: Db, storage: FileStore, { grant, key, mime, pixels, file }: Accepted) {
  const inserted = await db
    .insert(uploads)
    .values({
      key,
      kind: grant.kind,
      mime,
      size: file.size,
      width: pixels?.width ?? null,
      height: pixels?.height ?? null,
      hash: file.hash,
      userId: grant.uid,
    })
    .onConflictDoNothing()
    .returning({ key: uploads.key });
  if (inserted.length === 0) throw httpError(409, m.keyTaken);
  try {
    await storage.putFile(key, file.path, mime);
  } catch (error) {
    await db.delete(uploads).where(eq(uploads.key, key));
    throw isPathConflict(error) ? httpError(409, m.keyTaken) : error;
  }
}

/**
 * POST /storage/upload: the object-storage form protocol (multipart `token`, `key`, `file` →
 * `{key, hash}`), checked in order: token, key, key free, file present, size, type by content,
 * pixel size. Errors answer the envelope; nothing stays stored after a failure. The file is received
 * into this copy's scratch directory and then moved into the store (local or S3).
 */
const storageRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage, appConfig: config } = app;
  const grantOf = (token: string | undefined) => (token ? readUploadToken(config.appSecret, token) : null);

  app.post(
    STORAGE_UPLOAD_PATH,
    {
      schema: {
        operationId: 'upload.put',
        summary: '上传文件（表单：token、key、file；按内容识别类型）',
        tags: ['upload'],
        consumes: ['multipart/form-data'],
        body: z.object({
          token: z.string().describe('upload.token / upload.videoToken 的凭证'),
          key: z.string().describe('存储名：字母数字与 -_./，最长 200'),
          file: z.string().meta({ format: 'binary' }),
        }),
        response: { 200: uploadResult, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      // The form is read as a stream in the handler; the body schema above only documents it.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request) => {
      // The token usually precedes the file: then at most its limit + 1 bytes reach the disk.
      const { fields, file } = await receiveForm(request, storage.scratch, LARGEST + 1, (seen) => {
        if (!seen.token) return LARGEST + 1;
        const grant = grantOf(seen.token);
        return grant ? limitOf(grant) + 1 : 0;
      });
      try {
        const accepted = await accept(db, storage, grantOf(fields.token), fields.key ?? '', file);
        await store(db, storage, accepted);
        return { key: accepted.key, hash: accepted.file.hash };
      } finally {
        if (file) await rm(file.path, { force: true });
      }
    },
  );
};

export default storageRoutes;

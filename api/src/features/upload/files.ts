import { IMAGE_UPLOAD_KINDS, STORAGE_FILES_PATH, UPLOAD_KEY, type UploadKind } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uploads } from '../../db/schema.js';
import { sendEnvelope } from '../../http/error-handler.js';
import { notFound } from '../../lib/errors.js';
import type { FileStore } from '../../storage/store.js';
import { thumbnail } from './thumbnails.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One `bytes=a-b` range of a file of `size` bytes; null when absent, 'bad' when unsatisfiable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'bad';
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? 'bad' : { start, end };
}

/**
 * `attachment` with the file's name: an ASCII stand-in for old clients and the UTF-8 name as
 * RFC 5987 `filename*` (`订单列表_20261123_1530.xlsx`).
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The object `key` of the store (local or S3), whole or one range of it, through this API. */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStore,
  key: string,
  mime: string,
  etag: string,
  downloadName?: string | null,
) {
  const info = await storage.head(key);
  if (!info) throw notFound();
  const range = parseRange(request.headers.range, info.size);
  if (range === 'bad') {
    reply.header('content-range', `bytes */${info.size}`);
    return sendEnvelope(reply, 416, '请求的范围无效');
  }
  reply.header('etag', etag).header('cache-control', IMMUTABLE).header('accept-ranges', 'bytes');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return reply.code(304).send();
  reply.header('content-type', mime).header('x-content-type-options', 'nosniff');
  if (downloadName) reply.header('content-disposition', contentDisposition(downloadName));
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1);
    const part = await storage.get(key, range);
    if (!part) throw notFound();
    return reply.send(part);
  }
  const body = await storage.get(key);
  if (!body) throw notFound();
  reply.header('content-length', info.size);
  return reply.send(body);
}

/** GET /files/<key>: stored uploads (from whichever store is configured), cacheable forever (keys are never reused); `?w=` thumbnails (thumbnails.ts). */
const fileRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage } = app;
  app.get(
    `${STORAGE_FILES_PATH}/*`,
    {
      schema: {
        operationId: 'upload.file',
        summary: '读取已上传文件（支持 Range；图片可用 ?w= 取缩略图）',
        tags: ['upload'],
        querystring: z.object({ w: z.coerce.number().int().min(1).max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { w } = request.query as { w?: number };
      if (!UPLOAD_KEY.test(key)) throw notFound();
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
      if (!row) throw notFound();
      if (w && IMAGE_UPLOAD_KINDS.includes(row.kind as UploadKind)) {
        const thumb = await thumbnail(storage, { key, mime: row.mime, width: row.width }, w).catch((error: unknown) => {
          request.log.warn({ err: error, key }, 'thumbnail failed; serving the original');
          return null;
        });
        if (thumb) {
          // hit: served from the thumbnails in the store, nothing decoded; miss: made now.
          reply.header('x-thumbnail', thumb.cached ? 'hit' : 'miss');
          return sendFile(request, reply, storage, thumb.key, thumb.mime, `"${row.hash.slice(0, 32)}-w${thumb.width}"`);
        }
      }
      const etag = `"${row.hash.slice(0, 32)}"`;
      return sendFile(request, reply, storage, key, row.mime, etag, row.downloadName);
    },
  );
};

export default fileRoutes;

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_FILES_PATH, UPLOAD_KEY } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { uploads } from '../../db/schema.js';
import { sendEnvelope } from '../../http/error-handler.js';
import { notFound } from '../../http/errors.js';
import type { StorageDirs } from '../../http/types.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A thumbnail `w` pixels wide, made once and kept under `.thumbs/<w>/`. PNG for png and gif. */
async function thumbnail(storage: StorageDirs, key: string, mime: string, w: number) {
  const asJpeg = mime === 'image/jpeg';
  const file = path.join(storage.thumbs, String(w), `${key}.${asJpeg ? 'jpg' : 'png'}`);
  if (!(await stat(file).catch(() => null))) {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(storage.tmp, `thumb-${randomUUID()}`);
    try {
      const image = sharp(path.join(storage.root, key)).resize({ width: w });
      await (asJpeg ? image.jpeg({ quality: 82 }) : image.png()).toFile(temp);
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
  }
  return { file, mime: asJpeg ? 'image/jpeg' : 'image/png' };
}

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

async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, mime: string, etag: string) {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound();
  const range = parseRange(request.headers.range, info.size);
  if (range === 'bad') {
    reply.header('content-range', `bytes */${info.size}`);
    return sendEnvelope(reply, 416, '请求的范围无效');
  }
  reply.header('etag', etag).header('cache-control', IMMUTABLE).header('accept-ranges', 'bytes');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return reply.code(304).send();
  reply.header('content-type', mime).header('x-content-type-options', 'nosniff');
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(createReadStream(file, range));
  }
  reply.header('content-length', info.size);
  return reply.send(createReadStream(file));
}

/** GET /files/<key>: stored uploads, cacheable forever (keys are never reused); `?w=` thumbnails. */
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
      if (w && row.kind === 'image') {
        const thumb = await thumbnail(storage, key, row.mime, w).catch((error: unknown) => {
          request.log.warn({ err: error, key }, 'thumbnail failed; serving the original');
          return null;
        });
        if (thumb) return sendFile(request, reply, thumb.file, thumb.mime, `"${row.hash.slice(0, 32)}-w${w}"`);
      }
      return sendFile(request, reply, path.join(storage.root, key), row.mime, `"${row.hash.slice(0, 32)}"`);
    },
  );
};

export default fileRoutes;

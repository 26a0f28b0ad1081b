import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';

/** A file part streamed to disk: at most `cap` bytes are written, the rest only counted. */
export interface TempFile {
  path: string;
  /** Bytes received (written or not). */
  size: number;
  /** More than `cap` bytes arrived, or the parser's own limit cut the stream. */
  overflow: boolean;
  /** sha256 hex of what was written. */
  hash: string;
  /** The part's file name as the client sent it ('' when none). */
  name: string;
}

export interface Received {
  fields: Record<string, string>;
  file: TempFile | null;
}

const drain = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

async function writeCapped(stream: NodeJS.ReadableStream, file: string, cap: number): Promise<TempFile> {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const room = cap - size;
      size += chunk.length;
      if (room <= 0) return done();
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      hash.update(part);
      done(null, part);
    },
  });
  await pipeline(stream, counter, createWriteStream(file, { flags: 'wx' }));
  const truncated = Boolean((stream as { truncated?: boolean }).truncated);
  return { path: file, size, overflow: truncated || size > cap, hash: hash.digest('hex'), name: '' };
}

/**
 * Read a multipart form: text fields, and the first part named `file` streamed to `tmpDir` (never
 * buffered in memory). `capFor(fields)` gives the byte cap from the fields seen before the file
 * (the token comes first in the provider's protocol). On any failure the temp file is removed.
 */
export async function receiveForm(
  request: FastifyRequest,
  tmpDir: string,
  hardLimit: number,
  capFor: (fields: Record<string, string>) => number,
): Promise<Received> {
  const fields: Record<string, string> = {};
  let file: TempFile | null = null;
  let tempPath: string | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: hardLimit, files: 1, fields: 10, fieldSize: 8192, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        await pipeline(part.file, drain());
        continue;
      }
      tempPath = path.join(tmpDir, randomUUID());
      file = { ...(await writeCapped(part.file, tempPath, Math.max(0, capFor(fields)))), name: part.filename ?? '' };
    }
    return { fields, file };
  } catch (error) {
    if (tempPath) await rm(tempPath, { force: true });
    throw error;
  }
}

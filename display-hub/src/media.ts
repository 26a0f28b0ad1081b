import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type MediaKind = 'video' | 'audio' | 'image';
export interface MediaFile {
  name: string;
  kind: MediaKind;
  size: number;
  mtime: number;
  url: string;
}

const KINDS: Record<string, MediaKind> = {
  '.mp4': 'video',
  '.webm': 'video',
  '.mov': 'video',
  '.mp3': 'audio',
  '.ogg': 'audio',
  '.wav': 'audio',
  '.m4a': 'audio',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.gif': 'image',
  '.webp': 'image',
};

/** What the first bytes say the file is: the type is checked by content, not by name. */
export function sniff(head: Buffer): string | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (ascii(4, 8) === 'ftyp') return ascii(8, 12).startsWith('M4A') ? '.m4a' : '.mp4';
  if (head.readUInt32BE(0) === 0x1a45dfa3) return '.webm';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)) return '.mp3';
  if (ascii(0, 4) === 'OggS') return '.ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return '.wav';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return '.webp';
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return '.png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return '.jpg';
  if (ascii(0, 4) === 'GIF8') return '.gif';
  return null;
}

const sameFamily = (a: string, b: string) => {
  const norm = (e: string) => (e === '.jpeg' ? '.jpg' : e === '.mov' ? '.mp4' : e);
  return norm(a) === norm(b);
};

/** A safe library name: letters, digits, CJK, dot, dash, underscore; no path. */
export function safeName(name: string): string | null {
  const base = path.basename(name).normalize('NFC').replace(/\s+/g, '-');
  const clean = base.replace(/[^\w.\-\u4e00-\u9fff]/g, '');
  if (!clean || clean.startsWith('.') || clean.length > 120) return null;
  const ext = path.extname(clean).toLowerCase();
  return KINDS[ext] ? clean : null;
}

export interface MediaOptions {
  dir: string;
  maxBytes: number;
  authorized: (request: FastifyRequest) => boolean;
  onChange: () => void;
}

/** The media library: list, upload (control key) and delete (control key). Files are served by @fastify/static. */
export class MediaLibrary {
  private names: string[] = [];
  constructor(private readonly opts: MediaOptions) {}

  async init(): Promise<void> {
    await mkdir(path.join(this.opts.dir, '.tmp'), { recursive: true });
    await this.refresh();
  }

  get list(): string[] {
    return this.names;
  }

  async files(): Promise<MediaFile[]> {
    const out: MediaFile[] = [];
    for (const name of await readdir(this.opts.dir)) {
      const kind = KINDS[path.extname(name).toLowerCase()];
      if (!kind || name.startsWith('.')) continue;
      const st = await stat(path.join(this.opts.dir, name)).catch(() => null);
      if (st?.isFile())
        out.push({ name, kind, size: st.size, mtime: st.mtimeMs, url: `/media/${encodeURIComponent(name)}` });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  private async refresh() {
    this.names = (await this.files()).map((f) => f.name);
  }

  register(app: FastifyInstance): void {
    const deny = (reply: FastifyReply) => reply.code(401).send({ status: 401, msg: '需要控制密钥', data: null });
    app.get('/api/media', async () => ({ status: 0, msg: 'ok', data: await this.files() }));

    app.post('/api/media', async (request, reply) => {
      if (!this.opts.authorized(request)) return deny(reply);
      const part = await request.file({ limits: { fileSize: this.opts.maxBytes, files: 1 } });
      if (!part) return reply.code(400).send({ status: 400, msg: '请选择文件', data: null });
      const name = safeName(part.filename);
      if (!name) {
        part.file.resume();
        return reply.code(415).send({ status: 415, msg: '暂不支持此类文件上传', data: null });
      }
      const tmp = path.join(this.opts.dir, '.tmp', `${Date.now()}-${Math.random().toString(36).slice(2)}`);
      await pipeline(part.file, createWriteStream(tmp));
      if (part.file.truncated) {
        await unlink(tmp).catch(() => undefined);
        return reply.code(413).send({ status: 413, msg: '文件过大', data: null });
      }
      const fh = await open(tmp, 'r');
      const head = Buffer.alloc(16);
      await fh.read(head, 0, 16, 0);
      await fh.close();
      const actual = sniff(head);
      if (!actual || !sameFamily(actual, path.extname(name).toLowerCase())) {
        await unlink(tmp).catch(() => undefined);
        return reply.code(415).send({ status: 415, msg: '暂不支持此类文件上传', data: null });
      }
      await rename(tmp, path.join(this.opts.dir, name));
      await this.refresh();
      this.opts.onChange();
      const st = await stat(path.join(this.opts.dir, name));
      return {
        status: 0,
        msg: '上传成功',
        data: { name, size: st.size, kind: KINDS[path.extname(name).toLowerCase()] },
      };
    });

    app.delete<{ Params: { name: string } }>('/api/media/:name', async (request, reply) => {
      if (!this.opts.authorized(request)) return deny(reply);
      const name = safeName(request.params.name);
      if (!name || !this.names.includes(name))
        return reply.code(404).send({ status: 404, msg: '数据不存在', data: null });
      await unlink(path.join(this.opts.dir, name)).catch(() => undefined);
      await this.refresh();
      this.opts.onChange();
      return { status: 0, msg: '删除成功！', data: null };
    });
  }
}

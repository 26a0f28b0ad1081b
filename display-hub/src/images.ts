import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { sniff } from './media.js';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface ImageCacheOptions {
  dir: string;
  maxBytes: number;
  /** The URLs the screen data and the display state name: the only ones fetched. */
  allowed: () => Iterable<string>;
  /** The origins pictures are fetched from (the platform API's and its picture hosts). */
  origins: () => readonly string[];
  /** A file of the hub's own media library when `url` names one (read from disk, never fetched). */
  ownFile: (url: URL) => Promise<string | null>;
  log: Logger;
}

/**
 * The platform's pictures (covers, logos, avatars), fetched once and kept on disk, so the screens
 * load every image from the hub (same origin, CORS-free textures) and keep them through an outage.
 * Only URLs that appear in the current data are fetched, only from the platform's hosts (each
 * redirect checked again), and the hub's own library is read from disk; the cache is pruned
 * oldest-first.
 */
export class ImageCache {
  private readonly inflight = new Map<string, Promise<string | null>>();
  private written = 0;

  constructor(private readonly opts: ImageCacheOptions) {}

  async init(): Promise<void> {
    await mkdir(this.opts.dir, { recursive: true });
  }

  private keyOf(url: string) {
    return createHash('sha256').update(url).digest('hex').slice(0, 40);
  }

  private async cached(key: string): Promise<string | null> {
    for (const ext of Object.keys(TYPES)) {
      const file = path.join(this.opts.dir, key + ext);
      if (
        await stat(file).then(
          () => true,
          () => false,
        )
      )
        return file;
    }
    return null;
  }

  private isAllowed(url: string): boolean {
    for (const u of this.opts.allowed()) if (u === url) return true;
    return false;
  }

  /** An http(s) URL on one of the platform's hosts. */
  private onPlatform(url: string): boolean {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return false;
    return this.opts.origins().includes(parsed.origin);
  }

  /** The cached file for a URL, fetching it when allowed; null when unavailable. */
  async get(url: string): Promise<string | null> {
    if (!URL.canParse(url)) return null;
    const own = await this.opts.ownFile(new URL(url));
    if (own) return own;
    const key = this.keyOf(url);
    const hit = await this.cached(key);
    if (hit) {
      const now = new Date();
      await utimes(hit, now, now).catch(() => undefined);
      return hit;
    }
    if (!this.onPlatform(url) || !this.isAllowed(url)) return null;
    let job = this.inflight.get(key);
    if (!job) {
      job = this.fetchTo(url, key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, job);
    }
    return job;
  }

  private async fetchTo(url: string, key: string): Promise<string | null> {
    try {
      const signal = AbortSignal.timeout(10_000);
      let at = url;
      let res = await fetch(at, { signal, redirect: 'manual' });
      // A redirect is followed only to another address on the platform's hosts.
      for (let hop = 0; res.status >= 300 && res.status < 400 && hop < MAX_REDIRECTS; hop++) {
        const location = res.headers.get('location');
        await res.body?.cancel();
        const next = location && URL.canParse(location, at) ? new URL(location, at).href : null;
        if (!next || !this.onPlatform(next)) {
          this.opts.log.info({ url, location }, 'picture redirected off the platform; not followed');
          return null;
        }
        at = next;
        res = await fetch(at, { signal, redirect: 'manual' });
      }
      if (!res.ok) {
        await res.body?.cancel();
        return null;
      }
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_IMAGE_BYTES) return null;
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length > MAX_IMAGE_BYTES) return null;
      const ext = sniff(body.subarray(0, 16));
      if (!ext || !TYPES[ext]) return null;
      const file = path.join(this.opts.dir, key + ext);
      await writeFile(file, body);
      this.written += body.length;
      if (this.written > this.opts.maxBytes / 10) {
        this.written = 0;
        void this.prune();
      }
      return file;
    } catch (err) {
      this.opts.log.debug({ url, err: String(err) }, 'image fetch failed');
      return null;
    }
  }

  /** Remove the least recently used files until the cache fits. */
  async prune(): Promise<void> {
    const entries = await Promise.all(
      (await readdir(this.opts.dir)).map(async (name) => {
        const file = path.join(this.opts.dir, name);
        const st = await stat(file).catch(() => null);
        return st ? { file, size: st.size, used: st.mtimeMs } : null;
      }),
    );
    const files = entries.filter((e) => e !== null).sort((a, b) => b.used - a.used);
    let total = 0;
    for (const f of files) {
      total += f.size;
      if (total > this.opts.maxBytes) await rm(f.file, { force: true });
    }
  }

  register(app: FastifyInstance): void {
    app.get<{ Querystring: { u?: string } }>('/img', async (request, reply) => {
      const url = typeof request.query.u === 'string' ? request.query.u : '';
      const file = url ? await this.get(url) : null;
      if (!file) return reply.code(404).send({ status: 404, msg: '数据不存在', data: null });
      const st = await stat(file);
      const etag = `"${path.basename(file)}-${st.size.toString(16)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=86400');
      reply.header('Access-Control-Allow-Origin', '*');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(TYPES[path.extname(file)] ?? 'application/octet-stream').send(await readFile(file));
    });
  }
}

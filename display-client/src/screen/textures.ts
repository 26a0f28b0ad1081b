import { ImageSource, Texture } from 'pixi.js';

interface Entry {
  url: string;
  texture: Texture | null;
  bitmap: ImageBitmap | null;
  refs: number;
  loading: Promise<Texture | null> | null;
  failed: boolean;
}

/**
 * Picture textures (covers, logos, avatars) by URL, in an LRU cache that destroys what it evicts.
 * A texture in use (refs > 0) is never evicted; an unused one stays until the cache is full, so the
 * carousel's recurring pictures are not reloaded every page.
 */
export class TextureCache {
  private entries = new Map<string, Entry>();
  constructor(private readonly capacity = 96) {}

  get size(): number {
    return this.entries.size;
  }

  /** Pictures still being fetched or decoded. */
  get loading(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.loading) n++;
    return n;
  }

  /** Take a reference; `onReady` is called with the texture once it has loaded. */
  acquire(url: string, onReady: (texture: Texture) => void): void {
    let e = this.entries.get(url);
    if (e) {
      this.entries.delete(url);
      this.entries.set(url, e); // most recently used last
    } else {
      e = { url, texture: null, bitmap: null, refs: 0, loading: null, failed: false };
      this.entries.set(url, e);
    }
    e.refs++;
    if (e.texture) {
      onReady(e.texture);
      return;
    }
    if (e.failed) return;
    e.loading ??= this.load(e);
    const entry = e;
    void e.loading.then((t) => {
      if (t && entry.refs > 0 && this.entries.get(url) === entry) onReady(t);
    });
    this.evict();
  }

  release(url: string): void {
    const e = this.entries.get(url);
    if (e && e.refs > 0) e.refs--;
    this.evict();
  }

  private async load(e: Entry): Promise<Texture | null> {
    try {
      const res = await fetch(e.url, { mode: 'cors' });
      if (!res.ok) throw new Error(String(res.status));
      const bitmap = await createImageBitmap(await res.blob());
      if (this.entries.get(e.url) !== e) {
        bitmap.close();
        return null;
      }
      e.bitmap = bitmap;
      e.texture = new Texture({ source: new ImageSource({ resource: bitmap, label: e.url }) });
      return e.texture;
    } catch {
      e.failed = true;
      return null;
    } finally {
      e.loading = null;
    }
  }

  private evict(): void {
    if (this.entries.size <= this.capacity) return;
    for (const [url, e] of this.entries) {
      if (this.entries.size <= this.capacity) break;
      if (e.refs > 0 || e.loading) continue;
      this.entries.delete(url);
      e.texture?.destroy(true);
      e.bitmap?.close();
    }
  }

  /** Drop everything (a page unload). */
  clear(): void {
    for (const e of this.entries.values()) {
      e.texture?.destroy(true);
      e.bitmap?.close();
    }
    this.entries.clear();
  }
}

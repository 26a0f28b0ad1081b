/** A failed chunk load (usually a new deployment replaced the hashed files) reloads the route once. */

const KEY = 'console:chunk-reload';
const WINDOW_MS = 30_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i.test(
    message,
  );
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Whether to reload for `path` now; records the attempt. A second failure for the same path within
 * the window answers false, so a chunk that is really gone shows the error instead of looping.
 */
export function shouldReloadForChunk(storage: StorageLike, path: string, now = Date.now()): boolean {
  let last: { path?: string; at?: number } = {};
  try {
    last = JSON.parse(storage.getItem(KEY) ?? '{}');
  } catch {
    last = {};
  }
  if (last.path === path && typeof last.at === 'number' && now - last.at < WINDOW_MS) return false;
  try {
    storage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    return false;
  }
  return true;
}

import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadForChunk } from './chunkReload';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('chunk reload guard', () => {
  it('recognises chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads a path once, then gives up within the window', () => {
    const s = memory();
    expect(shouldReloadForChunk(s, '/a', 1000)).toBe(true);
    expect(shouldReloadForChunk(s, '/a', 2000)).toBe(false);
    expect(shouldReloadForChunk(s, '/b', 3000)).toBe(true);
    expect(shouldReloadForChunk(s, '/b', 60_000)).toBe(true);
  });
});

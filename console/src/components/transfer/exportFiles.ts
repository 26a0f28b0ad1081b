import { useSyncExternalStore } from 'react';

/**
 * Which export files this browser has already downloaded (by file URL), so the export centre's
 * badge counts only files that are ready and not yet taken. Kept per user in localStorage.
 */
const KEY = 'toy.exports.downloaded';
const listeners = new Set<() => void>();
let cache: string[] | null = null;

function read(): string[] {
  if (cache) return cache;
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    cache = Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    cache = [];
  }
  return cache;
}

/** Remember a file as downloaded (the newest 200 are kept: files live a day). */
export function markDownloaded(url: string) {
  const list = read();
  if (list.includes(url)) return;
  cache = [...list, url].slice(-200);
  try {
    localStorage.setItem(KEY, JSON.stringify(cache));
  } catch {
    // Storage full or blocked: remembered for this page only.
  }
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The downloaded URLs, re-rendering when one is added. */
export const useDownloaded = () => useSyncExternalStore(subscribe, read);

import { Worker } from 'node:worker_threads';
import { messages } from '@toy/shared';
import { type HttpError, httpError } from '../errors.js';
import { checkZip, ZIP_LIMITS, type ZipLimits } from './zip-check.js';

export type SheetValue = string | number | boolean | null;

export type SheetRead =
  | { ok: true; rows: SheetValue[][]; totalRows: number }
  | { ok: false; reason: 'timeout' | 'unreadable' | 'inflated' | 'busy'; detail?: string };

export interface ReadOptions {
  /** Data rows read at most (the header and one more are read to detect an overflow). */
  maxRows: number;
  /** The worker is stopped after this long. */
  timeoutMs: number;
  /** Heap of the worker, MB: what parsing a file within the zip limits may take. */
  maxHeapMb?: number;
  /** The bound on what the zip inflates to (zip-check.ts). */
  zip?: ZipLimits;
  /** Who asks (the merchant's user id): turns are shared fairly between owners. */
  owner?: number;
}

const WORKER = new URL('./parse-worker.mjs', import.meta.url);

/** Spreadsheets checked and parsed at once, in this process; the others wait their turn. */
export const PARSE_CONCURRENCY = 2;
/** Spreadsheets that may wait for a turn; past that a read answers `busy` at once. */
export const PARSE_QUEUE = 16;
/** Of those, per owner (a merchant): parsed at once, and waiting. */
export const PARSE_PER_OWNER = 1;
export const PARSE_QUEUE_PER_OWNER = 4;

/** Reads that name no owner (tools, tests) share one queue with only the global caps. */
const NO_OWNER = -1;
let running = 0;
const runningBy = new Map<number, number>();
/** Waiting reads by owner; the map's order is the round-robin order (an owner served moves last). */
const waiting = new Map<number, (() => void)[]>();

/** How many reads are checking or parsing now, and how many wait for a turn. */
export const parseLoad = () => ({
  running,
  waiting: [...waiting.values()].reduce((n, list) => n + list.length, 0),
});

const perOwner = (owner: number) => (owner === NO_OWNER ? PARSE_CONCURRENCY : PARSE_PER_OWNER);
const canRun = (owner: number) => running < PARSE_CONCURRENCY && (runningBy.get(owner) ?? 0) < perOwner(owner);

function grant(owner: number) {
  running++;
  runningBy.set(owner, (runningBy.get(owner) ?? 0) + 1);
}

/** A turn ended: hand free turns to waiting owners in round-robin order, each owner's oldest first. */
function release(owner: number) {
  running--;
  const left = (runningBy.get(owner) ?? 1) - 1;
  if (left > 0) runningBy.set(owner, left);
  else runningBy.delete(owner);
  for (const [next, list] of [...waiting]) {
    if (running >= PARSE_CONCURRENCY) break;
    if (!canRun(next)) continue;
    const resolve = list.shift()!;
    waiting.delete(next);
    if (list.length) waiting.set(next, list);
    grant(next);
    resolve();
  }
}

/**
 * Run `work` in a turn of `owner`: at most PARSE_CONCURRENCY at once in this process and
 * PARSE_PER_OWNER per owner, so one merchant's twenty sheets leave the other turn to everyone else.
 * Answers null (busy) when PARSE_QUEUE reads wait already, or PARSE_QUEUE_PER_OWNER of this owner's.
 */
export async function inTurn<T>(owner: number | undefined, work: () => Promise<T>): Promise<T | null> {
  const key = owner ?? NO_OWNER;
  if (canRun(key) && !waiting.has(key)) grant(key);
  else {
    const mine = waiting.get(key)?.length ?? 0;
    if (parseLoad().waiting >= PARSE_QUEUE || (key !== NO_OWNER && mine >= PARSE_QUEUE_PER_OWNER)) return null;
    await new Promise<void>((resolve) => {
      const list = waiting.get(key);
      if (list) list.push(resolve);
      else waiting.set(key, [resolve]);
    });
  }
  try {
    return await work();
  } finally {
    release(key);
  }
}

/**
 * Read the first sheet of the xlsx at `path`. The zip is checked first (its declared and actual
 * inflated sizes, zip-check.ts), so a decompression bomb is refused before any parse; then the
 * sheet is parsed in a worker thread with a time and heap limit, so a crafted or huge file never
 * blocks or exhausts the API. At most PARSE_CONCURRENCY files are checked and parsed at once, one
 * per merchant, taken round-robin (inTurn), so many imports together cannot take the host down and
 * one merchant's cannot hold back another's. Rows are the sheet's rows from row 1 (index
 * 0), cells as raw values.
 */
export async function readSheet(path: string, options: ReadOptions): Promise<SheetRead> {
  const read = await inTurn<SheetRead>(options.owner, async () => {
    const zip = await checkZip(path, options.zip ?? ZIP_LIMITS);
    if (!zip.ok) return { ok: false, reason: zip.reason, detail: zip.detail };
    return parse(path, options);
  });
  return read ?? { ok: false, reason: 'busy' };
}

/**
 * The answer to a refused read that is not about the file's content: a bomb (413 with the bound)
 * or too many imports at once (429); null for the caller's own message (unreadable, timeout).
 */
export function sheetRefusal(read: SheetRead, limits: ZipLimits = ZIP_LIMITS): HttpError | null {
  if (read.ok) return null;
  if (read.reason === 'inflated')
    return httpError(413, messages.guard.sheetInflated(`${Math.round(limits.maxInflatedBytes / 1024 / 1024)}MB`));
  if (read.reason === 'busy') return httpError(429, messages.guard.sheetBusy);
  return null;
}

function parse(path: string, options: ReadOptions): Promise<SheetRead> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER, {
      workerData: { path, maxRows: options.maxRows },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
      // The worker is plain JavaScript: it needs none of the parent's loaders.
      execArgv: [],
    });
    const finish = (value: SheetRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const done = () => resolve(value);
      void worker.terminate().then(done, done);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), options.timeoutMs);
    worker.once('message', (message: { ok: boolean; rows?: SheetValue[][]; totalRows?: number; message?: string }) => {
      if (message.ok) finish({ ok: true, rows: message.rows ?? [], totalRows: message.totalRows ?? 0 });
      else finish({ ok: false, reason: 'unreadable', detail: message.message });
    });
    worker.once('error', (error) => finish({ ok: false, reason: 'unreadable', detail: error.message }));
    worker.once('exit', () => finish({ ok: false, reason: 'unreadable', detail: 'worker exited' }));
  });
}

import os from 'node:os';
import { isMainThread, threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';

/**
 * CPU-heavy work (the waybill PDF) runs here, in a small pool of worker threads, never on the event
 * loop that answers requests: `offThread(import.meta.url, 'renderWaybillPdf', labels, config)` calls
 * that export of that module in a thread and answers its result (arguments and result are copied).
 * Threads start on first use, stay a minute idle, and are as many as the machine's cores less one
 * (at least one; OFF_THREAD_MAX overrides). Tasks beyond them wait their turn, first come first served.
 */
let pool: Piscina | null = null;

function poolOf(): Piscina {
  if (pool) return pool;
  const max = Number(process.env.OFF_THREAD_MAX) || Math.max(1, Math.min(4, os.availableParallelism() - 1));
  pool = new Piscina({
    filename: new URL('./off-thread-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: max,
    idleTimeout: 60_000,
    // The thread loads TypeScript with tsx itself: it needs none of the parent's loaders or flags.
    execArgv: [],
  });
  return pool;
}

export function offThread<T>(moduleUrl: string, name: string, ...args: unknown[]): Promise<T> {
  return poolOf().run({ module: moduleUrl, name, args }) as Promise<T>;
}

/** The thread a function runs on: 0 is the main thread (the event loop that answers requests). */
export const currentThread = () => (isMainThread ? 0 : threadId);

/** Stop the pool's threads (tests, shutdown); the next offThread starts a new pool. */
export async function closeOffThread(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}

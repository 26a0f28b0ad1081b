import { Worker } from 'node:worker_threads';

export type SheetValue = string | number | boolean | null;

export type SheetRead =
  | { ok: true; rows: SheetValue[][]; totalRows: number }
  | { ok: false; reason: 'timeout' | 'unreadable'; detail?: string };

export interface ReadOptions {
  /** Data rows read at most (the header and one more are read to detect an overflow). */
  maxRows: number;
  /** The worker is stopped after this long. */
  timeoutMs: number;
  /** Heap of the worker, MB: a crafted file that inflates beyond it fails instead of the API. */
  maxHeapMb?: number;
}

const WORKER = new URL('./parse-worker.mjs', import.meta.url);

/**
 * Read the first sheet of the xlsx at `path` in a worker thread with a time and memory limit, so
 * a crafted or huge file never blocks or exhausts the API. Rows are the sheet's rows from row 1
 * (index 0), cells as raw values.
 */
export function readSheet(path: string, options: ReadOptions): Promise<SheetRead> {
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
      void worker.terminate();
      resolve(value);
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

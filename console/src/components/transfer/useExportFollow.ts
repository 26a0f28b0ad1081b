import { jobRoutes } from '@toy/shared/features/job';
import { useEffect, useState } from 'react';
import { call } from '../../lib/http';

/** One look at a running export: how far it is, and its file once written (or why it failed). */
export interface ExportProgress {
  now: number;
  total: number;
  queued: boolean;
  url?: string | null;
  failed?: string | null;
}

/** How an export is followed: which call reads its progress, how often, and whether it waits a beat first. */
export interface ExportFollower {
  everyMs: number;
  /** Ask at once (a job) or only after the first interval (a polled sign). */
  firstAt: 'once' | 'interval';
  /** What is shown before the first answer. */
  queuedAtFirst: boolean;
  check: (handle: string | number) => Promise<ExportProgress>;
}

/** A job of the job table, read with job.status every second. */
export const followJob: ExportFollower = {
  everyMs: 1000,
  firstAt: 'once',
  queuedAtFirst: true,
  check: async (id) => {
    const job = await call(jobRoutes.status, { id: Number(id) }, { silent: true });
    return {
      now: job.now_num,
      total: job.total_num,
      queued: job.status !== 'running',
      url: job.status === 'done' ? job.url : null,
      failed: job.status === 'failed' ? (job.msg ?? '') : null,
    };
  },
};

/**
 * Follows `handle` (a job id or a sign) with `follower` until it answers a url (then `onDone`) or a
 * failure (then `onFailed`); a blip in between is asked again at the next interval. Stops on unmount
 * or when the handle changes.
 */
export function useExportFollow(
  follower: ExportFollower,
  handle: string | number | null,
  onDone: (url: string, total: number) => void,
  onFailed: (message: string) => void,
) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the follow restarts only for a new handle.
  useEffect(() => {
    setProgress(null);
    if (handle === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (stopped) return;
      try {
        const seen = await follower.check(handle);
        if (stopped) return;
        if (seen.url) return onDone(seen.url, seen.total);
        if (seen.failed !== null && seen.failed !== undefined) return onFailed(seen.failed);
        setProgress(seen);
      } catch {
        // A blip: the next poll tries again.
      }
      timer = setTimeout(poll, follower.everyMs);
    };
    if (follower.firstAt === 'once') void poll();
    else timer = setTimeout(poll, follower.everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [handle]);

  return progress;
}

/** The answer of an export that starts a job: `url` at once, or `job_id` to follow. */
export const readJobStarted = (answer: { url: string | null; job_id: number | null; total_num: number }) => ({
  url: answer.url,
  total: answer.total_num,
  handle: answer.job_id,
});

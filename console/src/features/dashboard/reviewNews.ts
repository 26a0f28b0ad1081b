import { REVIEW_NEWS_SECONDS, shanghaiInstant } from '@toy/shared';
import { dashboardRoutes } from '@toy/shared/features/dashboard';
import { useSyncExternalStore } from 'react';
import { useCall } from '../../lib/useCall';

/**
 * The review's decisions a merchant has not looked at yet (dashboard.reviewNews): a badge on 首页 in
 * the menu. Looking at the merchant dashboard, which lists them, marks them seen: the time of that
 * look (the server's, from the dashboard's updated_at) is kept per user in this browser.
 */
const key = (userId: number) => `console:review-news-seen:${userId}`;
const listeners = new Set<() => void>();

const seenOf = (userId: number) => Number(localStorage.getItem(key(userId)) ?? 0) || 0;

/** The dashboard was looked at when it said `updatedAt` (`yyyy-MM-dd HH:mm:ss`, Asia/Shanghai). */
export function markReviewsSeen(userId: number, updatedAt: string) {
  const at = Math.floor(shanghaiInstant(updatedAt).getTime() / 1000);
  if (!Number.isFinite(at) || at <= seenOf(userId)) return;
  localStorage.setItem(key(userId), String(at));
  for (const l of listeners) l();
}

/** How many decisions came since the merchant last looked (0 while unknown); asked every minute. */
export function useReviewNews(userId: number | undefined, enabled: boolean): number {
  const since = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (userId === undefined ? 0 : seenOf(userId)),
  );
  const { data } = useCall(
    dashboardRoutes.reviewNews,
    { since },
    { silent: true, refreshInterval: REVIEW_NEWS_SECONDS * 1000, enabled: enabled && userId !== undefined },
  );
  return enabled ? (data?.count ?? 0) : 0;
}

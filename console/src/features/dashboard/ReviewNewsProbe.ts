import { useEffect } from 'react';
import { useReviewNews } from './reviewNews';

/** Asks for the review news of `userId` (see useReviewNews) and hands the count to `onCount`. */
export function ReviewNewsProbe({ userId, onCount }: { userId: number; onCount: (count: number) => void }) {
  const count = useReviewNews(userId, true);
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}

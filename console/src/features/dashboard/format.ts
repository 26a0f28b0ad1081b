const count = new Intl.NumberFormat('zh-CN');
export const formatCount = (n: number) => count.format(n);

/** Today against yesterday: the direction and the words (较昨日 +12.5%, 较昨日 持平, 昨日为 0). */
export function dayChange(today: number, yesterday: number): { direction: 'up' | 'down' | 'flat'; text: string } {
  if (today === yesterday) return { direction: 'flat', text: '较昨日 持平' };
  const direction = today > yesterday ? 'up' : 'down';
  if (yesterday === 0) return { direction, text: '较昨日 新增' };
  const percent = ((today - yesterday) / Math.abs(yesterday)) * 100;
  return { direction, text: `较昨日 ${percent > 0 ? '+' : ''}${percent.toFixed(1)}%` };
}

/** A waiting time in the largest units: 2天3小时, 5小时12分钟, 8分钟, 不到1分钟. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days}天${hours}小时` : `${days}天`;
  if (hours > 0) return minutes > 0 ? `${hours}小时${minutes}分钟` : `${hours}小时`;
  if (minutes > 0) return `${minutes}分钟`;
  return '不到1分钟';
}

/** The date of a `yyyy-MM-dd HH:mm:ss` time, `yyyy-MM-dd`. */
export const dateOf = (time: string) => time.slice(0, 10);

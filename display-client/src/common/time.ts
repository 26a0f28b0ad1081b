const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `HH:mm:ss` of a moment in the venue's time zone (the hub's HUB_TIME_ZONE, Asia/Shanghai by
 * default, as the platform data's times are), whatever the time zone of the computer showing it.
 */
export function venueTime(at: Date | number, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f.format(at);
}

import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime, shanghaiDateTime } from './datetime';

describe('date-time text', () => {
  it('normalises what a merchant types to yyyy-MM-dd HH:mm:ss', () => {
    const cases: [string, string][] = [
      ['2026-03-01 10:00:00', '2026-03-01 10:00:00'],
      [' 2026-3-1 9:5:7 ', '2026-03-01 09:05:07'],
      ['2026-03-01 10:30', '2026-03-01 10:30:00'],
      ['2026-03-01', '2026-03-01 00:00:00'],
      ['2026/3/1 23:59:59', '2026-03-01 23:59:59'],
      ['2026.03.01T08:00', '2026-03-01 08:00:00'],
      ['2026-03-01T08:00:09', '2026-03-01 08:00:09'],
      ['2026年3月1日 10:00', '2026-03-01 10:00:00'],
      ['2026年3月1日10时5分6秒', '2026-03-01 10:05:06'],
      ['2026-03-01 10：20：30', '2026-03-01 10:20:30'],
      ['20260301', '2026-03-01 00:00:00'],
      ['20260301 102030', '2026-03-01 10:20:30'],
      ['2024-02-29 12:00:00', '2024-02-29 12:00:00'],
    ];
    for (const [typed, wire] of cases) expect(parseDateTime(typed), typed).toBe(wire);
  });

  it('answers blank for blank text and null for what is not a date-time', () => {
    expect(parseDateTime('')).toBe('');
    expect(parseDateTime('   ')).toBe('');
    for (const bad of [
      'abc',
      '2026-13-01',
      '2026-02-30 10:00:00',
      '2025-02-29',
      '2026-03-01 24:00:00',
      '2026-03-01 10:60',
      '2026-03-01 10:00:61',
      '03/01/2026, 10:00:00 AM',
      '2026-03-01 10:00:00 PM',
    ])
      expect(parseDateTime(bad), bad).toBeNull();
  });

  it('formats parts and reads the Shanghai wall clock whatever the local zone', () => {
    expect(formatDateTime({ year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5 })).toBe('2026-01-02 03:04:05');
    expect(shanghaiDateTime(new Date('2026-03-01T16:30:15Z'))).toBe('2026-03-02 00:30:15');
    expect(shanghaiDateTime(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01 08:00:00');
    expect(shanghaiDateTime()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type AllocStyle,
  adjustHidden,
  arrangeCases,
  basicCounts,
  maxHidden,
  planCounts,
  SeedStream,
  seedHash,
} from '../src/index.js';

const SEED = 'a'.repeat(64);
const styles: AllocStyle[] = [
  ...[1, 2, 3, 4, 5, 6].map((id) => ({ id, type: 1, probability: null })),
  { id: 7, type: 2, probability: 72 },
  { id: 8, type: 3, probability: 144 },
];
const total = (c: Record<number, number>) => Object.values(c).reduce((a, b) => a + b, 0);

describe('the committed allocation', () => {
  it('commits to sha256 of the seed text', () => {
    expect(seedHash(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
  });

  it('draws uniform numbers from named streams, the same for the same seed and name', () => {
    const a = new SeedStream(SEED, 'shuffle');
    const b = new SeedStream(SEED, 'shuffle');
    const xs = Array.from({ length: 50 }, () => a.randomBelow(1000));
    expect(Array.from({ length: 50 }, () => b.randomBelow(1000))).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1000)).toBe(true);
    const c = new SeedStream(SEED, 'basic');
    expect(Array.from({ length: 50 }, () => c.randomBelow(1000))).not.toEqual(xs);
    expect(() => a.randomBelow(0)).toThrow(RangeError);
  });

  it('plans box_num × limit_stock boxes, hidden styles at ⌊T/N⌋ or one more, basics within one', () => {
    for (const boxNum of [1, 7, 100, 1000]) {
      const counts = planCounts(SEED, styles, boxNum, 12);
      const t = boxNum * 12;
      expect(total(counts)).toBe(t);
      expect([Math.floor(t / 72), Math.floor(t / 72) + 1]).toContain(counts[7]);
      expect([Math.floor(t / 144), Math.floor(t / 144) + 1]).toContain(counts[8]);
      const basics = [1, 2, 3, 4, 5, 6].map((id) => counts[id]!);
      expect(Math.max(...basics) - Math.min(...basics)).toBeLessThanOrEqual(1);
    }
  });

  it('hidden counts match their drop rates on average over many seeds', () => {
    let hidden = 0;
    const runs = 400;
    for (let i = 0; i < runs; i++) hidden += planCounts(seedHash(String(i)), styles, 1, 12)[7]!;
    // Expected 12/72 per run.
    expect(hidden / runs).toBeGreaterThan(0.1);
    expect(hidden / runs).toBeLessThan(0.24);
  });

  it('adjusts one hidden style, the basics giving or taking the difference', () => {
    const counts = planCounts(SEED, styles, 10, 12);
    expect(maxHidden(styles, counts, 7, 120)).toBe(120 - counts[8]!);
    const more = adjustHidden(SEED, styles, counts, 7, 20, 120);
    expect(total(more)).toBe(120);
    expect(more[7]).toBe(20);
    expect(more[8]).toBe(counts[8]);
    const back = adjustHidden(SEED, styles, more, 7, counts[7]!, 120);
    expect(back).toEqual(counts);
    expect(basicCounts(SEED, [], 5)).toEqual({});
  });

  it('arranges cases deterministically from the seed: the multiset is the counts', () => {
    const counts = planCounts(SEED, styles, 20, 12);
    const cases = arrangeCases(SEED, styles, counts, 20, 12);
    expect(cases).toHaveLength(20);
    expect(cases.every((c) => c.length === 12)).toBe(true);
    const seen: Record<number, number> = {};
    for (const id of cases.flat()) seen[id] = (seen[id] ?? 0) + 1;
    expect(seen).toEqual(Object.fromEntries(Object.entries(counts).filter(([, v]) => v > 0)));
    expect(arrangeCases(SEED, styles, counts, 20, 12)).toEqual(cases);
    expect(arrangeCases('b'.repeat(64), styles, counts, 20, 12)).not.toEqual(cases);
    expect(() => arrangeCases(SEED, styles, { ...counts, 1: counts[1]! + 1 }, 20, 12)).toThrow(RangeError);
  });

  it('cuts hidden styles back when they would exceed the total', () => {
    const greedy: AllocStyle[] = [
      { id: 1, type: 1, probability: null },
      { id: 2, type: 2, probability: 1 },
      { id: 3, type: 3, probability: 1 },
    ];
    const counts = planCounts(SEED, greedy, 1, 6);
    expect(counts).toEqual({ 1: 0, 2: 6, 3: 0 });
  });

  it('allocates and arranges 10,000 cases of 12 quickly', () => {
    const started = Date.now();
    const counts = planCounts(SEED, styles, 10000, 12);
    const cases = arrangeCases(SEED, styles, counts, 10000, 12);
    expect(cases).toHaveLength(10000);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

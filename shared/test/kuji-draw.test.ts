import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedHash } from '../src/allocation.js';
import {
  arrangeBox,
  drawRecordHash,
  globalWinnerPosition,
  type KujiDrawRecord,
  type KujiFairnessLog,
  kujiAwardsReleasedBy,
  verifyKujiLog,
} from '../src/kuji-draw.js';

const SEED = 'c'.repeat(64);
// A 1, B 2, C 3 tickets: six per box; Last, W1 over 1…4 and W2 over 5…6 are prizes, not tickets.
const rows = [
  { level: 0, stock: 1, start_section: null, end_section: null },
  { level: 101, stock: 1, start_section: 1, end_section: 4 },
  { level: 102, stock: 1, start_section: 5, end_section: 6 },
  { level: 1, stock: 1, start_section: null, end_section: null },
  { level: 2, stock: 2, start_section: null, end_section: null },
  { level: 3, stock: 3, start_section: null, end_section: null },
];
const bag = [1, 2, 2, 3, 3, 3];

/** The doc comment's algorithm, written again from the text with node's own sha256. */
function referenceArrangement(seed: string, boxNo: number, items: number[]): number[] {
  let block = 0;
  let words: number[] = [];
  const word = () => {
    if (words.length === 0) {
      const digest = createHash('sha256').update(`${seed}:box:${boxNo}:${block++}`).digest();
      words = Array.from({ length: 8 }, (_, k) => digest.readUInt32BE(4 * k));
    }
    return words.shift()!;
  };
  const below = (n: number) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const w = word();
      if (w < limit) return w % n;
    }
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('ticket order', () => {
  it('is the bag of plain tickets shuffled as the doc comment says, the same for the same seed', () => {
    for (const box of [1, 2, 17]) {
      const order = arrangeBox(SEED, box, rows);
      expect(order).toEqual(referenceArrangement(SEED, box, bag));
      expect([...order].sort()).toEqual(bag);
      expect(arrangeBox(SEED, box, rows)).toEqual(order);
    }
  });

  it('differs between boxes and between seeds', () => {
    const big = [
      { level: 1, stock: 10 },
      { level: 2, stock: 10 },
      { level: 3, stock: 10 },
    ];
    expect(arrangeBox(SEED, 1, big)).not.toEqual(arrangeBox(SEED, 2, big));
    expect(arrangeBox(SEED, 1, big)).not.toEqual(arrangeBox('d'.repeat(64), 1, big));
  });

  it('rejects a box number below 1 and a stock that is no whole number', () => {
    expect(() => arrangeBox(SEED, 0, rows)).toThrow(RangeError);
    expect(() => arrangeBox(SEED, 1, [{ level: 1, stock: 1.5 }])).toThrow(RangeError);
    expect(arrangeBox(SEED, 1, [])).toEqual([]);
  });

  it('puts each level at each position about stock/N of the time over 2000 seeds', () => {
    const runs = 2000;
    const seen = Array.from({ length: 6 }, () => new Map<number, number>());
    for (let s = 0; s < runs; s++)
      arrangeBox(seedHash(String(s)), 1, rows).forEach((level, p) => {
        seen[p]!.set(level, (seen[p]!.get(level) ?? 0) + 1);
      });
    for (const counts of seen)
      for (const [level, stock] of [
        [1, 1],
        [2, 2],
        [3, 3],
      ] as const) {
        const expected = (runs * stock) / 6;
        const sd = Math.sqrt(runs * (stock / 6) * (1 - stock / 6));
        expect(Math.abs(counts.get(level)! - expected)).toBeLessThan(5 * sd);
      }
  });
});

describe('global winners', () => {
  it('fall within the interval, the same for the same seed, box and level, over every position', () => {
    const hits = new Set<number>();
    for (let box = 1; box <= 300; box++) {
      const p = globalWinnerPosition(SEED, box, 101, 3, 9);
      expect(p).toBeGreaterThanOrEqual(3);
      expect(p).toBeLessThanOrEqual(9);
      expect(globalWinnerPosition(SEED, box, 101, 3, 9)).toBe(p);
      hits.add(p);
    }
    expect(hits.size).toBe(7);
    expect(globalWinnerPosition(SEED, 1, 102, 5, 5)).toBe(5);
  });

  it('come from stream global:<box>:<level>', () => {
    const digest = createHash('sha256').update(`${SEED}:global:4:103:0`).digest();
    // randomBelow(10) takes the first word unless it is one of the top 6 of 2³² (it is not here).
    expect(globalWinnerPosition(SEED, 4, 103, 11, 20)).toBe(11 + (digest.readUInt32BE(0) % 10));
  });

  it('reject a level that is not global and an empty interval', () => {
    expect(() => globalWinnerPosition(SEED, 1, 1, 1, 4)).toThrow(RangeError);
    expect(() => globalWinnerPosition(SEED, 1, 101, 4, 3)).toThrow(RangeError);
    expect(() => globalWinnerPosition(SEED, 1, 101, 0, 3)).toThrow(RangeError);
  });

  it('are released by the draw of the interval end, Last by the draw of N', () => {
    expect(kujiAwardsReleasedBy(SEED, 2, rows, 3)).toEqual([]);
    expect(kujiAwardsReleasedBy(SEED, 2, rows, 4)).toEqual([
      { kind: 'global', level: 101, winner: globalWinnerPosition(SEED, 2, 101, 1, 4) },
    ]);
    expect(kujiAwardsReleasedBy(SEED, 2, rows, 6)).toEqual([
      { kind: 'last', level: 0, winner: 6 },
      { kind: 'global', level: 102, winner: globalWinnerPosition(SEED, 2, 102, 5, 6) },
    ]);
  });
});

type Unhashed = Omit<KujiDrawRecord, 'prev_hash' | 'hash'>;

/** Hash-chain records, numbering them 1, 2, … from their order. */
function chain(records: Omit<Unhashed, 'seq'>[], first = seedHash(SEED)): KujiDrawRecord[] {
  let prev = first;
  return records.map((r, i) => {
    const fields = { ...r, seq: i + 1 };
    const hash = drawRecordHash(prev, fields);
    const out = { ...fields, prev_hash: prev, hash };
    prev = hash;
    return out;
  });
}

/** Draw `boxes` boxes position by position, one order per ticket, with the awards each draw releases. */
function simulate(boxes: number): Omit<Unhashed, 'seq'>[] {
  const out: Omit<Unhashed, 'seq'>[] = [];
  for (let box = 1; box <= boxes; box++) {
    const order = arrangeBox(SEED, box, rows);
    const sn = (p: number) => `K${box}-${p}`;
    for (let p = 1; p <= order.length; p++) {
      const drawn_at = `2025-01-01 10:00:${String(p).padStart(2, '0')}`;
      out.push({ box_no: box, position: p, level: order[p - 1]!, order_sn: sn(p), drawn_at, award: null });
      for (const a of kujiAwardsReleasedBy(SEED, box, rows, p))
        out.push({
          box_no: box,
          position: a.winner,
          level: order[a.winner - 1]!,
          order_sn: sn(a.winner),
          drawn_at,
          award: { kind: a.kind, level: a.level, position: p },
        });
    }
  }
  return out;
}

const logOf = (records: KujiDrawRecord[], seed: string | null = SEED): KujiFairnessLog => ({
  seed_hash: seedHash(SEED),
  seed,
  box_num: 3,
  rows,
  records,
});
const reasons = (log: KujiFairnessLog) => verifyKujiLog(log).map((p) => `${p.seq}: ${p.reason}`);
const drawn = simulate(2);
const awardIndex = (kind: 'last' | 'global', box = 1) =>
  drawn.findIndex((r) => r.award?.kind === kind && r.box_no === box);

describe('verifyKujiLog', () => {
  it('accepts an honest log, with the seed revealed or not', () => {
    expect(drawn.filter((r) => r.award)).toHaveLength(6);
    expect(verifyKujiLog(logOf(chain(drawn)))).toEqual([]);
    expect(verifyKujiLog(logOf(chain(drawn), null))).toEqual([]);
    expect(verifyKujiLog(logOf([]))).toEqual([]);
  });

  it('catches a seed that does not match its commitment', () => {
    expect(reasons(logOf(chain(drawn), 'd'.repeat(64)))).toEqual(['0: seed does not match seed_hash']);
  });

  it('catches a ticket whose level is not the one the seed put there', () => {
    const tampered = drawn.map((r, i) => (i === 2 ? { ...r, level: r.level === 1 ? 2 : 1 } : r));
    expect(reasons(logOf(chain(tampered)))).toEqual([
      `3: box 1 #3: level ${tampered[2]!.level}, the seed gives ${drawn[2]!.level}`,
    ]);
    // Without the seed nobody can tell yet.
    expect(reasons(logOf(chain(tampered), null))).toEqual([]);
  });

  it('catches a position drawn twice', () => {
    const order = arrangeBox(SEED, 1, rows);
    const twice = [...drawn.slice(0, 2), { ...drawn[0]!, order_sn: 'again', level: order[0]! }, ...drawn.slice(2)];
    expect(reasons(logOf(chain(twice)))).toContain('3: box 1 #1 drawn twice (first at record 1)');
  });

  it('catches a Last prize given to another position', () => {
    const i = awardIndex('last');
    const order = arrangeBox(SEED, 1, rows);
    const wrong = drawn.map((r, j) =>
      j === i ? { ...r, position: 5, level: order[4]!, order_sn: 'K1-5', award: { ...r.award!, position: 5 } } : r,
    );
    expect(reasons(logOf(chain(wrong)))).toEqual([
      `${i + 1}: box 1: Last released at #5, not #6`,
      `${i + 1}: box 1: Last awarded to #5, not #6`,
    ]);
  });

  it('catches a Last prize given twice in a box, and one given to another order', () => {
    const i = awardIndex('last');
    const twice = [...drawn.slice(0, i + 1), drawn[i]!, ...drawn.slice(i + 1)];
    expect(reasons(logOf(chain(twice)))).toEqual([`${i + 2}: box 1: Last awarded twice`]);
    const stolen = drawn.map((r, j) => (j === i ? { ...r, order_sn: 'K1-1' } : r));
    expect(reasons(logOf(chain(stolen)))).toEqual([`${i + 1}: box 1: Last awarded to order K1-1, but K1-6 drew #6`]);
  });

  it('catches a global prize given to a position the seed did not choose', () => {
    const i = awardIndex('global');
    const award = drawn[i]!;
    const winner = globalWinnerPosition(SEED, 1, 101, 1, 4);
    const other = winner === 1 ? 2 : 1;
    const order = arrangeBox(SEED, 1, rows);
    const wrong = drawn.map((r, j) =>
      j === i ? { ...r, position: other, level: order[other - 1]!, order_sn: `K1-${other}` } : r,
    );
    expect(award.award).toEqual({ kind: 'global', level: 101, position: 4 });
    expect(reasons(logOf(chain(wrong)))).toEqual([
      `${i + 1}: box 1: W1 awarded to #${other}, the seed gives #${winner}`,
    ]);
  });

  it('catches a global prize given before the end of its interval was drawn', () => {
    const i = awardIndex('global');
    const early = [...drawn.slice(0, 3), drawn[i]!, ...drawn.slice(3, i), ...drawn.slice(i + 1)];
    const found = reasons(logOf(chain(early)));
    expect(found).toContain('4: box 1: W1 awarded before #4 was drawn');
  });

  it('catches a prize released but never given', () => {
    const i = awardIndex('global', 2);
    const missing = drawn.filter((_, j) => j !== i);
    const release = drawn.findIndex((r) => r.box_no === 2 && r.position === 4 && r.award === null);
    expect(reasons(logOf(chain(missing)))).toEqual([`${release + 1}: box 2: W1 released but never awarded`]);
  });

  it('catches a prize the kuji does not have, a box or position out of range', () => {
    const fake = [...drawn.slice(0, 1), { ...drawn[0]!, award: { kind: 'global' as const, level: 105, position: 1 } }];
    expect(reasons(logOf(chain(fake)))).toEqual(['2: global award of level 105: the kuji has no such prize']);
    const outside = [
      { ...drawn[0]!, box_no: 4 },
      { ...drawn[0]!, position: 7 },
    ];
    expect(reasons(logOf(chain(outside)))).toEqual(['1: box 4 is not within 1…3', '2: position 7 is not within 1…6']);
  });

  it('catches a broken chain: an edited record, a removed record, a wrong start', () => {
    const records = chain(drawn);
    const edited = records.map((r, i) => (i === 4 ? { ...r, order_sn: 'someone-else' } : r));
    expect(reasons(logOf(edited))).toContain('5: hash does not match the record');
    const removed = [...records.slice(0, 3), ...records.slice(4)];
    expect(reasons(logOf(removed))).toContain('5: seq 5, expected 4');
    expect(reasons(logOf(removed))).toContain('5: prev_hash does not match the previous record');
    expect(reasons(logOf(chain(drawn, 'f'.repeat(64))))).toEqual(['1: prev_hash does not match the previous record']);
  });

  it('catches prize rows that are not a valid level list or a global interval past the box', () => {
    const log = logOf(chain([]));
    expect(reasons({ ...log, rows: [rows[3]!, rows[0]!] })).toEqual(['0: the prize rows are not a valid level list']);
    const far = rows.map((r) => (r.level === 102 ? { ...r, end_section: 7 } : r));
    expect(reasons({ ...log, rows: far })).toEqual(['0: W2: interval is not within 1…6']);
  });

  it('hashes every field of a record', () => {
    const base: Unhashed = { ...drawn[0]!, seq: 1 };
    const h = drawRecordHash('p', base);
    expect(h).toBe(createHash('sha256').update(`p|1|1|1|${base.level}|K1-1|${base.drawn_at}|`).digest('hex'));
    const withAward = { ...base, award: { kind: 'last' as const, level: 0, position: 6 } };
    expect(drawRecordHash('p', withAward)).toBe(
      createHash('sha256').update(`p|1|1|1|${base.level}|K1-1|${base.drawn_at}|last:0:6`).digest('hex'),
    );
    for (const change of [
      { seq: 2 },
      { box_no: 2 },
      { position: 2 },
      { level: 9 },
      { order_sn: 'x' },
      { drawn_at: 'x' },
    ])
      expect(drawRecordHash('p', { ...base, ...change })).not.toBe(h);
    expect(drawRecordHash('q', base)).not.toBe(h);
  });
});

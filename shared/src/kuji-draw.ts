import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { SeedStream, seedHash } from './allocation.js';
import {
  globalIntervalError,
  isGlobalLevel,
  isLastLevel,
  isPlainLevel,
  isValidLevelList,
  kujiTicketsPerBox,
  levelLabel,
} from './features/kuji-levels.js';

/**
 * 一番赏 draws: the ticket order of every box and the Last and global (W) awards, as one
 * deterministic function of a secret seed and the prize rows, and the hash-chained public log that
 * lets anyone check the draws once the seed is revealed. Pure, like the draw machines' allocation
 * (allocation.ts), whose seed commitment and random streams this reuses:
 *
 * - The seed is 64 lowercase hex characters; its commitment is `seedHash(seed)` =
 *   hex(sha256(utf8(seed))). Random numbers come from `SeedStream(seed, name)`: block k of stream
 *   `name` is sha256(utf8(`${seed}:${name}:${k}`)) read as eight big-endian 32-bit words;
 *   `randomBelow(n)` takes words until one is below ⌊2³²/n⌋·n and answers it mod n.
 * - A kuji has `box_num` boxes numbered 1…box_num. The prize rows are in level order (kuji-levels.ts:
 *   [Last], W1…Wk, A, B, …; level codes Last = 0, Wn = 100 + n, plain = 1 + label index). Only plain
 *   rows are tickets: each box holds `stock` tickets of each plain row, N = the sum of plain stock
 *   tickets per box, at positions 1…N.
 * - Ticket order (`arrangeBox`): the bag lists each plain row's level code `stock` times, rows in
 *   their order; it is shuffled by Fisher–Yates with stream `box:<boxNo>` (i from n−1 down to 1,
 *   j = randomBelow(i + 1), swap bag[i] and bag[j]); position p of the box holds bag[p − 1].
 * - Last: whoever draws position N of a box wins the Last prize of that box.
 * - Global prize Wn with interval [start, end] (1 ≤ start ≤ end ≤ N): in box b its winning position
 *   is start + randomBelow(end − start + 1) on stream `global:<b>:<level code>` (e.g.
 *   `global:3:101` for W1 in box 3). The prize is released when position `end` of the box is drawn
 *   and goes to whoever drew the winning position.
 * - The public log (`drawRecordHash`, `verifyKujiLog`) is a list of records, seq 1, 2, …; each
 *   record's prev_hash is the previous record's hash (the first's is the kuji's seed_hash) and its
 *   hash is hex(sha256(utf8(line))) where line joins with '|': prev_hash, seq, box_no, position,
 *   level, order_sn, drawn_at, and the award as `kind:level:position` or '' when there is none.
 *   A ticket record (award null) says order `order_sn` drew ticket `position` of box `box_no`, of
 *   level `level`. An award record (award set) says that ticket — `position`, its `level`, and the
 *   order `order_sn` that drew it — won the prize `award.level` (0 Last, 100 + n Wn), released by
 *   the draw of position `award.position` (N for Last, `end` for a global prize). An award record
 *   comes after the ticket records of both positions; draws go position by position in practice,
 *   so the winning ticket is always drawn by the time its prize is released.
 */

/** The rows the draws need: level code, stock, and a global row's interval. */
export interface KujiDrawRow {
  level: number;
  stock: number;
  start_section?: number | null;
  end_section?: number | null;
}

const plainRows = <R extends { level: number }>(rows: readonly R[]) => rows.filter((r) => isPlainLevel(r.level));

/** The level code at each position 1…N of box `boxNo` (index p − 1 is position p). Prize rows are ignored. */
export function arrangeBox(seed: string, boxNo: number, rows: readonly { level: number; stock: number }[]): number[] {
  if (!Number.isInteger(boxNo) || boxNo < 1) throw new RangeError(`box ${boxNo}`);
  const bag: number[] = [];
  for (const r of plainRows(rows)) {
    if (!Number.isInteger(r.stock) || r.stock < 0) throw new RangeError(`stock ${r.stock} of level ${r.level}`);
    for (let k = 0; k < r.stock; k++) bag.push(r.level);
  }
  const stream = new SeedStream(seed, `box:${boxNo}`);
  for (let i = bag.length - 1; i > 0; i--) {
    const j = stream.randomBelow(i + 1);
    const t = bag[i]!;
    bag[i] = bag[j]!;
    bag[j] = t;
  }
  return bag;
}

/** The position in [start, end] whose ticket wins global prize `level` (a Wn code) in box `boxNo`. */
export function globalWinnerPosition(seed: string, boxNo: number, level: number, start: number, end: number): number {
  if (!Number.isInteger(boxNo) || boxNo < 1) throw new RangeError(`box ${boxNo}`);
  if (!isGlobalLevel(level)) throw new RangeError(`not a global level: ${level}`);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || start > end)
    throw new RangeError(`interval [${start}, ${end}]`);
  return start + new SeedStream(seed, `global:${boxNo}:${level}`).randomBelow(end - start + 1);
}

export interface KujiAwardDue {
  kind: 'last' | 'global';
  /** The prize's level code (0 Last, 100 + n Wn). */
  level: number;
  /** The position whose ticket wins it. */
  winner: number;
}

/**
 * The prizes of box `boxNo` that the draw of `position` releases: Last when it is N (and the rows
 * have a Last), then each global row whose interval ends at `position`, in row order.
 */
export function kujiAwardsReleasedBy(
  seed: string,
  boxNo: number,
  rows: readonly KujiDrawRow[],
  position: number,
): KujiAwardDue[] {
  const n = kujiTicketsPerBox(rows);
  const out: KujiAwardDue[] = [];
  for (const r of rows) {
    if (isLastLevel(r.level) && position === n) out.push({ kind: 'last', level: r.level, winner: n });
    if (isGlobalLevel(r.level) && r.end_section === position && r.start_section != null)
      out.push({
        kind: 'global',
        level: r.level,
        winner: globalWinnerPosition(seed, boxNo, r.level, r.start_section, r.end_section),
      });
  }
  return out;
}

/* ----------------------------------- the public log ----------------------------------- */

export const kujiAward = z.object({
  kind: z.enum(['last', 'global']),
  /** The prize: 0 Last, 100 + n for Wn. */
  level: z.number().int(),
  /** The position whose draw released the prize (N for Last, the interval's end for Wn). */
  position: z.number().int(),
});
export type KujiAward = z.infer<typeof kujiAward>;

export const kujiDrawRecord = z.object({
  seq: z.number().int(),
  box_no: z.number().int(),
  /** The ticket drawn (or, on an award record, the winning ticket). */
  position: z.number().int(),
  /** That ticket's level code. */
  level: z.number().int(),
  order_sn: z.string(),
  drawn_at: z.string(),
  award: kujiAward.nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type KujiDrawRecord = z.infer<typeof kujiDrawRecord>;

/**
 * A committed seed of a kuji: round 1 is the kuji's own (boxes from 1), each restock commits a
 * fresh one for the boxes it adds (from `from_box` up to the next round's). Its hash is public
 * before the first ticket of its boxes; the seed once the kuji sells out after it.
 */
export const kujiSeedRound = z.object({
  round: z.number().int(),
  from_box: z.number().int(),
  seed_hash: z.string(),
  seed: z.string().nullable(),
  /** ISO times. */
  committed_at: z.string(),
  revealed_at: z.string().nullable(),
});
export type KujiSeedRound = z.infer<typeof kujiSeedRound>;

export const kujiFairnessLog = z.object({
  seed_hash: z.string(),
  /** Revealed when the kuji has sold out or was ended; null before. */
  seed: z.string().nullable(),
  /** Every seed round (absent in logs saved before restocks had their own seeds: one round, `seed`). */
  seeds: z.array(kujiSeedRound).optional(),
  box_num: z.number().int(),
  /** The prize rows in level order. */
  rows: z.array(
    z.object({
      level: z.number().int(),
      stock: z.number().int(),
      start_section: z.number().int().nullable(),
      end_section: z.number().int().nullable(),
    }),
  ),
  records: z.array(kujiDrawRecord),
});
export type KujiFairnessLog = z.infer<typeof kujiFairnessLog>;

/** The hash of a kuji log record: the fields below, in this order, joined by '|'. */
export function drawRecordHash(prevHash: string, r: Omit<KujiDrawRecord, 'prev_hash' | 'hash'>): string {
  const award = r.award ? `${r.award.kind}:${r.award.level}:${r.award.position}` : '';
  const line = [prevHash, r.seq, r.box_no, r.position, r.level, r.order_sn, r.drawn_at, award].join('|');
  return bytesToHex(sha256(utf8ToBytes(line)));
}

export interface KujiLogProblem {
  /** The record concerned; 0 for the log as a whole. */
  seq: number;
  reason: string;
}

/**
 * The verifier. Always: the rows form a canonical level list with valid global intervals; records
 * are numbered 1, 2, … and chain (the first to seed_hash); boxes and positions are in range; no
 * ticket is drawn twice; each prize is awarded at most once per box, after the draw that releases
 * it (Last at N; Wn at `end`), to the ticket inside its interval and the order that drew it; and
 * every released prize is awarded by the end of the log; no box is drawn after the seed it was
 * arranged from was revealed, nor before it was committed (each restock has its own seed round).
 * When a seed is revealed, also: it matches its hash, every record of its boxes has the level
 * arrangeBox puts there, and every global prize went to globalWinnerPosition. Answers every
 * problem found (empty: the log holds).
 */
interface CheckedRound {
  round: number;
  from_box: number;
  /** null while sealed, or when it does not match its hash. */
  seed: string | null;
  committed_at: string | null;
  revealed_at: string | null;
}

/**
 * The seed rounds of a log, each seed checked against its hash: round 1 must be the kuji's
 * seed_hash (the chain's anchor), start at box 1, and rounds start at increasing boxes; a restock
 * round whose hash repeats an earlier round's is a revealed seed used again.
 */
function seedRoundsOf(log: KujiFairnessLog, fail: (seq: number, reason: string) => void): CheckedRound[] {
  const given = log.seeds?.length
    ? log.seeds
    : [{ round: 1, from_box: 1, seed_hash: log.seed_hash, seed: log.seed, committed_at: null, revealed_at: null }];
  const out: CheckedRound[] = [];
  const hashes = new Set<string>();
  for (const [i, r] of given.entries()) {
    let seed = r.seed;
    if (i === 0 && (r.seed_hash !== log.seed_hash || r.from_box !== 1))
      fail(0, 'round 1 is not the kuji’s seed_hash from box 1');
    if (i > 0 && r.from_box <= given[i - 1]!.from_box)
      fail(0, `round ${r.round} starts at box ${r.from_box}, not after round ${given[i - 1]!.round}`);
    if (hashes.has(r.seed_hash)) fail(0, `round ${r.round} reuses an earlier round’s seed`);
    hashes.add(r.seed_hash);
    if (seed !== null && seedHash(seed) !== r.seed_hash) {
      fail(0, i === 0 ? 'seed does not match seed_hash' : `round ${r.round}: seed does not match its seed_hash`);
      seed = null;
    }
    out.push({
      round: r.round,
      from_box: r.from_box,
      seed,
      committed_at: r.committed_at ?? null,
      revealed_at: r.revealed_at ?? null,
    });
  }
  return out;
}

export function verifyKujiLog(log: KujiFairnessLog): KujiLogProblem[] {
  const problems: KujiLogProblem[] = [];
  const fail = (seq: number, reason: string) => problems.push({ seq, reason });
  const n = kujiTicketsPerBox(log.rows);
  if (!isValidLevelList(log.rows)) fail(0, 'the prize rows are not a valid level list');
  const globals = new Map(log.rows.filter((r) => isGlobalLevel(r.level)).map((r) => [r.level, r]));
  for (const r of globals.values())
    if (globalIntervalError(r, n) !== null) fail(0, `${levelLabel(r.level)}: interval is not within 1…${n}`);
  const hasLast = log.rows.some((r) => isLastLevel(r.level));
  const rounds = seedRoundsOf(log, fail);
  for (const r of plainRows(log.rows))
    if (!Number.isInteger(r.stock) || r.stock < 0) {
      fail(0, `${levelLabel(r.level)}: stock ${r.stock} is not a whole number`);
      for (const round of rounds) round.seed = null;
    }
  /** The round a box was arranged from: the last one starting at or before it. */
  const roundOf = (box: number) => rounds.filter((r) => r.from_box <= box).at(-1) ?? rounds[0]!;
  const seedOf = (box: number) => roundOf(box).seed;
  const boxes = new Map<number, number[]>();
  const arrangement = (box: number) => {
    const seed = seedOf(box);
    if (seed === null) return null;
    if (!boxes.has(box)) boxes.set(box, arrangeBox(seed, box, log.rows));
    return boxes.get(box)!;
  };
  /** A box drawn after its seed was public (or before it was committed) fails once. */
  const timed = new Set<number>();
  const checkTime = (seq: number, box: number, drawnAt: string) => {
    const round = roundOf(box);
    const at = Date.parse(drawnAt);
    if (timed.has(box) || Number.isNaN(at)) return;
    if (round.revealed_at !== null && at > Date.parse(round.revealed_at)) {
      timed.add(box);
      fail(seq, `box ${box} drawn from a seed already revealed (round ${round.round}, revealed ${round.revealed_at})`);
    } else if (round.committed_at !== null && at < Date.parse(round.committed_at)) {
      timed.add(box);
      fail(seq, `box ${box} drawn before its seed was committed (round ${round.round}, ${round.committed_at})`);
    }
  };

  /** Per box: position → { seq, order_sn } of its ticket record; awards given; releases pending. */
  const drawn = new Map<number, Map<number, { seq: number; order_sn: string }>>();
  const awarded = new Map<number, Set<number>>();
  const released = new Map<string, number>();
  const key = (box: number, level: number) => `${box}:${level}`;
  let prev = log.seed_hash;
  for (const [i, r] of log.records.entries()) {
    if (r.seq !== i + 1) fail(r.seq, `seq ${r.seq}, expected ${i + 1}`);
    if (r.prev_hash !== prev) fail(r.seq, 'prev_hash does not match the previous record');
    const { prev_hash: _p, hash: _h, ...fields } = r;
    if (drawRecordHash(r.prev_hash, fields) !== r.hash) fail(r.seq, 'hash does not match the record');
    prev = r.hash;
    if (!Number.isInteger(r.box_no) || r.box_no < 1 || r.box_no > log.box_num) {
      fail(r.seq, `box ${r.box_no} is not within 1…${log.box_num}`);
      continue;
    }
    if (!Number.isInteger(r.position) || r.position < 1 || r.position > n) {
      fail(r.seq, `position ${r.position} is not within 1…${n}`);
      continue;
    }
    const at = `box ${r.box_no} #${r.position}`;
    checkTime(r.seq, r.box_no, r.drawn_at);
    const expected = arrangement(r.box_no)?.[r.position - 1];
    if (expected !== undefined && r.level !== expected)
      fail(r.seq, `${at}: level ${r.level}, the seed gives ${expected}`);
    const tickets = drawn.get(r.box_no) ?? new Map<number, { seq: number; order_sn: string }>();
    drawn.set(r.box_no, tickets);
    if (r.award === null) {
      if (tickets.has(r.position)) fail(r.seq, `${at} drawn twice (first at record ${tickets.get(r.position)!.seq})`);
      else tickets.set(r.position, { seq: r.seq, order_sn: r.order_sn });
      if (hasLast && r.position === n) released.set(key(r.box_no, 0), r.seq);
      for (const g of globals.values()) if (g.end_section === r.position) released.set(key(r.box_no, g.level), r.seq);
      continue;
    }
    const a = r.award;
    const prize =
      a.kind === 'last' && isLastLevel(a.level) ? 'Last' : globals.has(a.level) ? levelLabel(a.level) : null;
    if (a.kind === 'last' ? !isLastLevel(a.level) || !hasLast : prize === null) {
      fail(r.seq, `${a.kind} award of level ${a.level}: the kuji has no such prize`);
      continue;
    }
    const given = awarded.get(r.box_no) ?? new Set<number>();
    awarded.set(r.box_no, given);
    if (given.has(a.level)) fail(r.seq, `box ${r.box_no}: ${prize} awarded twice`);
    given.add(a.level);
    released.delete(key(r.box_no, a.level));
    const g = globals.get(a.level);
    const releasedAt = a.kind === 'last' ? n : g!.end_section!;
    if (a.position !== releasedAt)
      fail(r.seq, `box ${r.box_no}: ${prize} released at #${a.position}, not #${releasedAt}`);
    if (!tickets.has(releasedAt)) fail(r.seq, `box ${r.box_no}: ${prize} awarded before #${releasedAt} was drawn`);
    if (a.kind === 'last' && r.position !== n)
      fail(r.seq, `box ${r.box_no}: Last awarded to #${r.position}, not #${n}`);
    if (g && (r.position < g.start_section! || r.position > g.end_section!))
      fail(r.seq, `box ${r.box_no}: ${prize} awarded to #${r.position}, outside ${g.start_section}…${g.end_section}`);
    const seed = seedOf(r.box_no);
    if (g && seed !== null && g.start_section! <= g.end_section!) {
      const winner = globalWinnerPosition(seed, r.box_no, g.level, g.start_section!, g.end_section!);
      if (r.position !== winner)
        fail(r.seq, `box ${r.box_no}: ${prize} awarded to #${r.position}, the seed gives #${winner}`);
    }
    const ticket = tickets.get(r.position);
    if (!ticket) fail(r.seq, `box ${r.box_no}: ${prize} awarded to #${r.position}, which was not drawn`);
    else if (ticket.order_sn !== r.order_sn)
      fail(
        r.seq,
        `box ${r.box_no}: ${prize} awarded to order ${r.order_sn}, but ${ticket.order_sn} drew #${r.position}`,
      );
  }
  for (const [k, seq] of released) {
    const [box, level] = k.split(':').map(Number) as [number, number];
    fail(seq, `box ${box}: ${isLastLevel(level) ? 'Last' : levelLabel(level)} released but never awarded`);
  }
  return problems;
}

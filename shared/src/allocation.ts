import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * 分配盒机: the committed allocation of a draw machine, as one deterministic function of a secret
 * seed, the template's styles and the counts. Everything here is pure so the API, the verifier and
 * a buyer's browser compute the same thing.
 *
 * - The seed is 32 random bytes written as 64 lowercase hex characters. The commitment shown at
 *   allocation time is `seedHash(seed)` = hex(sha256(utf8(seed))), i.e. `printf %s SEED | sha256sum`.
 * - Random numbers come from named streams: block k of stream `name` is
 *   sha256(utf8(`${seed}:${name}:${k}`)), read as eight big-endian 32-bit words, k = 0, 1, 2, ….
 *   `randomBelow(n)` takes words until one is below ⌊2³²/n⌋·n and answers it mod n (no bias).
 * - Counts (`planCounts`): T = boxNum × limitStock boxes. Each hidden style h with drop rate 1:N
 *   gets ⌊T/N⌋ boxes, plus one more when randomBelow(N) on stream `hidden:<h.id>` is below T mod N
 *   (so its expected count is exactly T/N). If the hidden styles would exceed T, the last ones are
 *   cut back. The rest, B = T − hidden, goes to the basic styles (`basicCounts`): each gets ⌊B/b⌋,
 *   and the first B mod b basic styles in the order shuffled by stream `basic` get one more.
 * - Hidden stock set by the merchant (`adjustHidden`) replaces one hidden count; the basic styles
 *   give or take the difference through `basicCounts`, so the total stays T.
 * - Arrangement (`arrangeCases`): the bag lists each style id `count` times, styles in template
 *   order; it is shuffled by Fisher–Yates with stream `shuffle` (i from n−1 down to 1, j =
 *   randomBelow(i + 1)); case c (0-based) holds bag[c·L … c·L + L − 1] in that order, and draws take
 *   boxes case by case, position by position.
 */

export interface AllocStyle {
  /** Template style id. */
  id: number;
  /** 1 basic, 2 small hidden, 3 big hidden. */
  type: number;
  /** N of the drop rate 1:N (hidden styles only). */
  probability: number | null;
}

export type Counts = Record<number, number>;

/** The allocation's view of a template style (a template's `goods` entry or a table row). */
export const allocStyleOf = (s: { id: number; type: number; probability: number | null }): AllocStyle => ({
  id: s.id,
  type: s.type,
  probability: s.probability,
});

export const seedHash = (seed: string): string => bytesToHex(sha256(utf8ToBytes(seed)));

/** A named stream of uniform 32-bit words derived from the seed. */
export class SeedStream {
  private block = 0;
  private words: number[] = [];

  constructor(
    private readonly seed: string,
    private readonly name: string,
  ) {}

  private next(): number {
    if (this.words.length === 0) {
      const bytes = sha256(utf8ToBytes(`${this.seed}:${this.name}:${this.block}`));
      this.block += 1;
      for (let i = 28; i >= 0; i -= 4) {
        this.words.push(((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0);
      }
    }
    return this.words.pop()!;
  }

  /** Uniform integer in [0, n). */
  randomBelow(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`randomBelow(${n})`);
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const w = this.next();
      if (w < limit) return w % n;
    }
  }
}

const isHidden = (s: AllocStyle) => s.type !== 1;

/** Basic styles share `total`: ⌊total/b⌋ each, one more for the first (total mod b) in seed order. */
export function basicCounts(seed: string, styles: readonly AllocStyle[], total: number): Counts {
  const basics = styles.filter((s) => !isHidden(s));
  const out: Counts = {};
  if (basics.length === 0) return out;
  const order = basics.map((s) => s.id);
  const stream = new SeedStream(seed, 'basic');
  for (let i = order.length - 1; i > 0; i--) {
    const j = stream.randomBelow(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const each = Math.floor(total / basics.length);
  const extra = total % basics.length;
  order.forEach((id, i) => {
    out[id] = each + (i < extra ? 1 : 0);
  });
  return out;
}

/** The counts of a fresh allocation of `boxNum` cases of `limitStock` boxes. */
export function planCounts(seed: string, styles: readonly AllocStyle[], boxNum: number, limitStock: number): Counts {
  const total = boxNum * limitStock;
  const counts: Counts = {};
  const hidden = styles.filter(isHidden);
  for (const h of hidden) {
    const n = Math.max(1, Math.floor(h.probability ?? 1));
    const base = Math.floor(total / n);
    const rem = total % n;
    counts[h.id] = base + (new SeedStream(seed, `hidden:${h.id}`).randomBelow(n) < rem ? 1 : 0);
  }
  // Without basic styles the hidden ones must fill every box; with them, never more than the total.
  let excess = hidden.reduce((sum, h) => sum + counts[h.id]!, 0) - total;
  for (let i = hidden.length - 1; i >= 0 && excess > 0; i--) {
    const cut = Math.min(excess, counts[hidden[i]!.id]!);
    counts[hidden[i]!.id]! -= cut;
    excess -= cut;
  }
  const hiddenTotal = hidden.reduce((sum, h) => sum + counts[h.id]!, 0);
  return { ...counts, ...basicCounts(seed, styles, total - hiddenTotal) };
}

/** How many boxes one hidden style may have at most: the total less the other hidden styles. */
export function maxHidden(styles: readonly AllocStyle[], counts: Counts, hideId: number, total: number): number {
  const others = styles.filter((s) => isHidden(s) && s.id !== hideId).reduce((sum, s) => sum + (counts[s.id] ?? 0), 0);
  return Math.max(0, total - others);
}

/** Set one hidden style's count; the basic styles absorb the difference (total unchanged). */
export function adjustHidden(
  seed: string,
  styles: readonly AllocStyle[],
  counts: Counts,
  hideId: number,
  hideStock: number,
  total: number,
): Counts {
  const next: Counts = { ...counts, [hideId]: hideStock };
  const hiddenTotal = styles.filter(isHidden).reduce((sum, s) => sum + (next[s.id] ?? 0), 0);
  return { ...next, ...basicCounts(seed, styles, total - hiddenTotal) };
}

/** The committed arrangement: `boxNum` cases, each the ordered list of `limitStock` style ids. */
export function arrangeCases(
  seed: string,
  styles: readonly AllocStyle[],
  counts: Counts,
  boxNum: number,
  limitStock: number,
): number[][] {
  const bag: number[] = [];
  for (const s of styles) for (let k = 0; k < (counts[s.id] ?? 0); k++) bag.push(s.id);
  if (bag.length !== boxNum * limitStock) throw new RangeError('counts do not add up to the total');
  const stream = new SeedStream(seed, 'shuffle');
  for (let i = bag.length - 1; i > 0; i--) {
    const j = stream.randomBelow(i + 1);
    const t = bag[i]!;
    bag[i] = bag[j]!;
    bag[j] = t;
  }
  const cases: number[][] = [];
  for (let c = 0; c < boxNum; c++) cases.push(bag.slice(c * limitStock, (c + 1) * limitStock));
  return cases;
}

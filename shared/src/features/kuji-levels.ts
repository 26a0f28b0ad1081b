import { messages } from '../messages.js';

/**
 * 一番赏 prize levels: the labels of the publish form's prize rows and the operations on the row list.
 *
 * - Plain labels, in order: A..T, W, V, U, X, Y, Z, Z1..Z73 (`KUJI_LEVEL_LABELS`, 99 labels).
 * - Wire codes: Last = 0; global prize Wn = 100 + n (W1 = 101); a plain label = 1 + its index (A = 1,
 *   T = 20, the plain W = 21, Z = 26, Z1 = 27, Z73 = 99).
 * - A level list is canonical when: at most one Last row, and only first; then the global rows W1,
 *   W2, … numbered in order; then the plain rows labelled A, B, C, … in order. Last and global rows
 *   have stock 1 (they are prizes, not tickets). Every operation below answers a NEW array in that
 *   canonical form (`relevel`); rows it does not change keep their identity.
 * - Operations take the index of a row in a canonical list. An operation that is not allowed (see
 *   the matching `can…` predicate) answers the relevelled list unchanged.
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRST'.split('');

/** The plain level labels in order; a plain level's code is 1 + its index here. */
export const KUJI_LEVEL_LABELS: readonly string[] = Object.freeze([
  ...LETTERS,
  'W',
  'V',
  'U',
  'X',
  'Y',
  'Z',
  ...Array.from({ length: 73 }, (_, i) => `Z${i + 1}`),
]);

export const KUJI_LAST_LEVEL = 0;
export const KUJI_LAST_LABEL = 'Last';
/** Global prize Wn has code KUJI_GLOBAL_BASE + n. */
export const KUJI_GLOBAL_BASE = 100;
/** At most this many plain rows (one per label). */
export const KUJI_MAX_PLAIN_ROWS = KUJI_LEVEL_LABELS.length;

export type KujiLevelKind = 'last' | 'global' | 'plain';

const labelIndex = new Map(KUJI_LEVEL_LABELS.map((label, i) => [label, i]));
const GLOBAL_LABEL = /^W([1-9]\d*)$/;

/** What a level code stands for, or null when it is no level. */
export function levelKind(code: number): KujiLevelKind | null {
  if (!Number.isSafeInteger(code)) return null;
  if (code === KUJI_LAST_LEVEL) return 'last';
  if (code > KUJI_GLOBAL_BASE) return 'global';
  return code >= 1 && code <= KUJI_MAX_PLAIN_ROWS ? 'plain' : null;
}

export const isLastLevel = (code: number): boolean => levelKind(code) === 'last';
export const isGlobalLevel = (code: number): boolean => levelKind(code) === 'global';
export const isPlainLevel = (code: number): boolean => levelKind(code) === 'plain';
/** The levels the publish form may move to the bottom: single letters and Z… (i.e. every plain level). */
export const isSingleLetterOrZ = isPlainLevel;
/** A plain level whose label is one letter (A..Z): the first row must be one for Last to be set. */
export const isSingleLetterLevel = (code: number): boolean => isPlainLevel(code) && levelLabel(code).length === 1;

/** 'Last', 'W1', 'A', 'Z12' …; throws RangeError for a code that is no level. */
export function levelLabel(code: number): string {
  const kind = levelKind(code);
  if (kind === 'last') return KUJI_LAST_LABEL;
  if (kind === 'global') return `W${code - KUJI_GLOBAL_BASE}`;
  if (kind === 'plain') return KUJI_LEVEL_LABELS[code - 1]!;
  throw new RangeError(`not a kuji level: ${code}`);
}

/** The code of a label ('Last' or 'last', 'W1', 'A', 'Z12'), or null when it is no label. */
export function levelCode(label: string): number | null {
  if (label === KUJI_LAST_LABEL || label === 'last') return KUJI_LAST_LEVEL;
  const global = GLOBAL_LABEL.exec(label);
  if (global) return KUJI_GLOBAL_BASE + Number(global[1]);
  const i = labelIndex.get(label);
  return i === undefined ? null : i + 1;
}

/* ------------------------------------ prize rows ------------------------------------ */

/** What the level algebra needs of a prize row (a form row or a wire row). */
export interface KujiPrizeRowLike {
  level: number;
  stock: number | string;
  start_section?: number | string | null;
  end_section?: number | string | null;
}

export interface KujiGlobalInterval {
  start_section: number | string | null | undefined;
  end_section: number | string | null | undefined;
}

/** An integer from a number or a digit string (form inputs), else NaN. */
function toInt(v: number | string | null | undefined): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v : Number.NaN;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return Number.NaN;
}

const kindOf = (r: KujiPrizeRowLike): KujiLevelKind => levelKind(r.level) ?? 'plain';
const isPrize = (r: KujiPrizeRowLike) => kindOf(r) !== 'plain';
const inRange = (rows: readonly unknown[], i: number) => Number.isInteger(i) && i >= 0 && i < rows.length;
const plainCount = (rows: readonly KujiPrizeRowLike[]) => rows.filter((r) => kindOf(r) === 'plain').length;
const without = <R>(rows: readonly R[], i: number) => rows.filter((_, j) => j !== i);

/** Tickets per box: the sum of the plain rows' stock (a stock that is no whole number counts 0). */
export function kujiTicketsPerBox(rows: readonly KujiPrizeRowLike[]): number {
  return rows.reduce((sum, r) => {
    const n = toInt(r.stock);
    return sum + (kindOf(r) === 'plain' && n > 0 ? n : 0);
  }, 0);
}

function withLevel<R extends KujiPrizeRowLike>(r: R, level: number): R {
  const prize = level === KUJI_LAST_LEVEL || level > KUJI_GLOBAL_BASE;
  if (r.level === level && (!prize || toInt(r.stock) === 1)) return r;
  return prize ? { ...r, level, stock: 1 } : { ...r, level };
}

/**
 * Recompute the levels: the first Last row first (any other Last row becomes plain, after the
 * plain rows), then the global rows W1, W2, … in their order, then the plain rows A, B, … in their
 * order; Last and global stock set to 1. Throws RangeError past KUJI_MAX_PLAIN_ROWS plain rows.
 */
export function relevel<R extends KujiPrizeRowLike>(rows: readonly R[]): R[] {
  const last: R[] = [];
  const globals: R[] = [];
  const plain: R[] = [];
  const demoted: R[] = [];
  for (const r of rows) {
    const kind = kindOf(r);
    if (kind === 'last') (last.length === 0 ? last : demoted).push(r);
    else (kind === 'global' ? globals : plain).push(r);
  }
  plain.push(...demoted);
  if (plain.length > KUJI_MAX_PLAIN_ROWS) throw new RangeError(`more than ${KUJI_MAX_PLAIN_ROWS} kuji levels`);
  return [
    ...last.map((r) => withLevel(r, KUJI_LAST_LEVEL)),
    ...globals.map((r, i) => withLevel(r, KUJI_GLOBAL_BASE + 1 + i)),
    ...plain.map((r, i) => withLevel(r, i + 1)),
  ];
}

/** Exactly the canonical form: [Last], W1…Wk, A, B, … with Last and global stock 1. */
export function isValidLevelList(rows: readonly KujiPrizeRowLike[]): boolean {
  let i = 0;
  const isOne = (r: KujiPrizeRowLike) => toInt(r.stock) === 1;
  if (rows[0]?.level === KUJI_LAST_LEVEL) {
    if (!isOne(rows[0])) return false;
    i = 1;
  }
  for (let w = 1; i < rows.length && kindOf(rows[i]!) === 'global'; w++, i++) {
    if (rows[i]!.level !== KUJI_GLOBAL_BASE + w || !isOne(rows[i]!)) return false;
  }
  for (let p = 1; i < rows.length; p++, i++) {
    if (p > KUJI_MAX_PLAIN_ROWS || rows[i]!.level !== p) return false;
  }
  return true;
}

/** Rows of the same kind next to each other swap places (Last never moves). */
export const canMoveUp = (rows: readonly KujiPrizeRowLike[], i: number): boolean =>
  inRange(rows, i) && i > 0 && kindOf(rows[i]!) !== 'last' && kindOf(rows[i - 1]!) === kindOf(rows[i]!);

export const canMoveDown = (rows: readonly KujiPrizeRowLike[], i: number): boolean =>
  inRange(rows, i) && i < rows.length - 1 && kindOf(rows[i]!) !== 'last' && kindOf(rows[i + 1]!) === kindOf(rows[i]!);

/** A plain row that is not A yet may go to the top of the plain rows (it becomes A). */
export const canMoveTop = (rows: readonly KujiPrizeRowLike[], i: number): boolean =>
  inRange(rows, i) && i > 0 && kindOf(rows[i]!) === 'plain' && kindOf(rows[i - 1]!) === 'plain';

/** Only single-letter or Z levels (plain rows) go to the bottom, when not there already. */
export const canMoveBottom = (rows: readonly KujiPrizeRowLike[], i: number): boolean =>
  inRange(rows, i) && i < rows.length - 1 && kindOf(rows[i]!) === 'plain';

/**
 * Last can be turned on for a plain row while the first row is a single letter (so there is no
 * Last and no global row yet), and off for the Last row (when a plain label is free).
 */
export function canSetLast(rows: readonly KujiPrizeRowLike[], i: number): boolean {
  if (!inRange(rows, i)) return false;
  const kind = kindOf(rows[i]!);
  if (kind === 'last') return plainCount(rows) < KUJI_MAX_PLAIN_ROWS;
  return kind === 'plain' && isSingleLetterLevel(rows[0]!.level);
}

/** A plain row can become a global prize; a global row can change its interval or be cancelled. */
export function canSetGlobal(rows: readonly KujiPrizeRowLike[], i: number): boolean {
  if (!inRange(rows, i)) return false;
  const kind = kindOf(rows[i]!);
  return kind === 'plain' || (kind === 'global' && plainCount(rows) < KUJI_MAX_PLAIN_ROWS);
}

function swap<R extends KujiPrizeRowLike>(rows: readonly R[], i: number, j: number): R[] {
  const next = [...rows];
  next[i] = rows[j]!;
  next[j] = rows[i]!;
  return relevel(next);
}

export function moveUp<R extends KujiPrizeRowLike>(rows: readonly R[], i: number): R[] {
  return canMoveUp(rows, i) ? swap(rows, i, i - 1) : relevel(rows);
}

export function moveDown<R extends KujiPrizeRowLike>(rows: readonly R[], i: number): R[] {
  return canMoveDown(rows, i) ? swap(rows, i, i + 1) : relevel(rows);
}

export function moveTop<R extends KujiPrizeRowLike>(rows: readonly R[], i: number): R[] {
  if (!canMoveTop(rows, i)) return relevel(rows);
  const rest = without(rows, i);
  const firstPlain = rest.filter(isPrize).length;
  return relevel([...rest.slice(0, firstPlain), rows[i]!, ...rest.slice(firstPlain)]);
}

export function moveBottom<R extends KujiPrizeRowLike>(rows: readonly R[], i: number): R[] {
  return canMoveBottom(rows, i) ? relevel([...without(rows, i), rows[i]!]) : relevel(rows);
}

export function removeRow<R extends KujiPrizeRowLike>(rows: readonly R[], i: number): R[] {
  return relevel(inRange(rows, i) ? without(rows, i) : rows);
}

/** A row leaving Last or global: back to the end of the plain rows, interval cleared. */
const asPlain = <R extends KujiPrizeRowLike>(r: R): R => ({ ...r, level: 1, start_section: null, end_section: null });

/** Turn Last on (the row goes first, stock 1) or off (the row goes to the end as plain). */
export function setLast<R extends KujiPrizeRowLike>(rows: readonly R[], i: number, on: boolean): R[] {
  if (!canSetLast(rows, i) || (kindOf(rows[i]!) === 'last') === on) return relevel(rows);
  const row = rows[i]!;
  const rest = without(rows, i);
  return relevel(on ? [{ ...row, level: KUJI_LAST_LEVEL, stock: 1 }, ...rest] : [...rest, asPlain(row)]);
}

/**
 * Make a row a global prize with its draw interval (it goes after Last and the other global rows,
 * stock 1), change a global row's interval, or cancel it with null (back to the end as plain). The
 * interval's values are checked by `globalIntervalError`, not here.
 */
export function setGlobal<R extends KujiPrizeRowLike>(
  rows: readonly R[],
  i: number,
  interval: KujiGlobalInterval | null,
): R[] {
  if (!canSetGlobal(rows, i)) return relevel(rows);
  const row = rows[i]!;
  const rest = without(rows, i);
  if (interval === null) return kindOf(row) === 'global' ? relevel([...rest, asPlain(row)]) : relevel(rows);
  const { start_section, end_section } = interval;
  if (kindOf(row) === 'global')
    return relevel(rows.map((r, j) => (j === i ? { ...r, start_section, end_section } : r)));
  return relevel([...rest, { ...row, level: KUJI_GLOBAL_BASE + 1, stock: 1, start_section, end_section }]);
}

/**
 * The 设置全局赏开奖区间 dialog's check: start and end whole numbers with 1 ≤ start ≤ end ≤ tickets
 * per box (`kujiTicketsPerBox` of the rows once the prize is set), else 请输入全局赏开奖区间.
 */
export function globalIntervalError(
  interval: KujiGlobalInterval | null | undefined,
  ticketsPerBox: number,
): string | null {
  const start = toInt(interval?.start_section);
  const end = toInt(interval?.end_section);
  const ok = start >= 1 && start <= end && end <= ticketsPerBox;
  return ok ? null : messages.kuji.globalIntervalRequired;
}

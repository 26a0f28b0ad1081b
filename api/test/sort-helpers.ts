import { messages } from '@toy/shared';
import { expect } from 'vitest';

/**
 * Rows of a list called with `sort=key` (ascending) or `sort=-key` (descending): each row's shown
 * figure is at least (at most) the one before it, and equal figures go by row id the same way.
 */
export function expectSortedBy<R extends { id: number }>(
  rows: R[],
  desc: boolean,
  shown: (row: R) => number | string,
): void {
  for (let i = 1; i < rows.length; i++) {
    const [before, after] = desc ? [rows[i]!, rows[i - 1]!] : [rows[i - 1]!, rows[i]!];
    const [x, y] = [shown(before), shown(after)];
    const inOrder = x < y || (x === y && before.id < after.id);
    expect(
      inOrder,
      `row ${i}: ${rows[i - 1]!.id} (${shown(rows[i - 1]!)}) then ${rows[i]!.id} (${shown(rows[i]!)})`,
    ).toBe(true);
  }
}

/** The ids of `rows` among `ids`, in the rows' order. */
export const idsAmong = (rows: { id: number }[], ids: number[]) =>
  rows.map((r) => r.id).filter((id) => ids.includes(id));

/** What a list answers a sort it does not declare: 400 with 排序字段不正确. */
export const SORT_REFUSED = { status: 400, msg: messages.common.sortInvalid, data: null };

/** Sort values no list declares: other fields, an injection attempt, a doubled or bare sign, another case. */
export const BAD_SORTS = ['title', 'id', 'stock;drop table x', '--stock', '-', 'STOCK'];

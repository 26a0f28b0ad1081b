import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  firstMessage,
  INT4_MAX,
  id,
  integer,
  is,
  isCalendarTime,
  limit,
  optionalId,
  page,
  strictNumber,
  wholeNumber,
} from '../src/index.js';

const parse = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: firstMessage(r.error) };
};

describe('strict numbers', () => {
  it('take JSON numbers and plain decimal text, as z.coerce.number() did', () => {
    for (const [input, out] of [
      [5, 5],
      ['5', 5],
      [' 7 ', 7],
      ['-3', -3],
      ['4.50', 4.5],
      ['.5', 0.5],
      ['007', 7],
    ] as const)
      expect(strictNumber().parse(input)).toBe(out);
  });

  it("read an empty text as 0, so an empty form field fails the field's own check", () => {
    expect(strictNumber().parse('')).toBe(0);
    expect(parse(id(), '').ok).toBe(false);
  });

  it('refuse what coercion used to turn into a number: booleans, arrays, objects, null, hex, exponents', () => {
    for (const input of [true, false, [5], [], {}, null, '0x20', '1e3', 'Infinity', 'NaN', '5a', '0b11', '+-1'])
      expect(strictNumber().safeParse(input).success, JSON.stringify(input)).toBe(false);
    // `true` is not id 1, `[5]` is not id 5.
    expect(parse(id(), true).ok).toBe(false);
    expect(parse(id(), [5]).ok).toBe(false);
    expect(parse(z.object({ batch_id: id() }), { batch_id: '0x20' })).toMatchObject({
      ok: false,
      message: '批次须为数字',
    });
  });

  it('keep chaining and the JSON schema of a number', () => {
    const s = strictNumber().int().min(1).max(10).default(3);
    expect(s.parse(undefined)).toBe(3);
    expect(s.safeParse(11).success).toBe(false);
    expect(s.safeParse('2.5').success).toBe(false);
    expect(strictNumber() instanceof z.ZodNumber).toBe(true);
    expect(z.toJSONSchema(strictNumber().int().min(1).max(5))).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 5,
    });
  });
});

describe('integers are bounded by their int4 column', () => {
  it('ids, whole numbers, integers and pages up to 2147483647', () => {
    for (const schema of [id(), wholeNumber(), integer(), page()]) {
      expect(schema.parse(INT4_MAX)).toBe(INT4_MAX);
      expect(schema.parse(String(INT4_MAX))).toBe(INT4_MAX);
      expect(schema.safeParse(INT4_MAX + 1).success).toBe(false);
      expect(schema.safeParse('2147483648').success).toBe(false);
      expect(schema.safeParse(1e308).success).toBe(false);
    }
    expect(wholeNumber().safeParse(-2147483649).success).toBe(false);
    expect(limit(10).safeParse(201).success).toBe(false);
  });

  it("a whole number's own message is kept for its bound too", () => {
    expect(parse(wholeNumber('比例不正确').min(2, '比例不正确'), 5e9)).toEqual({ ok: false, message: '比例不正确' });
    expect(parse(wholeNumber('比例不正确'), 1.5)).toEqual({ ok: false, message: '比例不正确' });
  });

  it('an optional id is absent for "", 0 and null, and bounded otherwise', () => {
    for (const v of ['', 0, '0', null, undefined]) expect(optionalId().parse(v)).toBeUndefined();
    expect(optionalId().parse('12')).toBe(12);
    expect(optionalId().safeParse(2147483648).success).toBe(false);
  });

  it('the rule predicates agree: is.id and is.number are strict and bounded', () => {
    expect(is.id(5)).toBe(true);
    expect(is.id('5')).toBe(true);
    for (const v of [true, [5], '0x20', '1e3', 2147483648, '', null, 0, 1.5]) expect(is.id(v), String(v)).toBe(false);
    expect(is.number('4.5')).toBe(true);
    for (const v of [true, [5], '0x20', '1e3', '', null, undefined, 'Infinity'])
      expect(is.number(v), String(v)).toBe(false);
  });
});

describe('isCalendarTime', () => {
  it('takes a day, a minute or a second that exists', () => {
    for (const t of ['2026-01-01', '2026-02-28 23:59', '2024-02-29 00:00:00', '2026-12-31 23:59:59', ' 2026-05-01 '])
      expect(isCalendarTime(t), t).toBe(true);
  });
  it('refuses times that match the pattern but do not exist, and anything else', () => {
    for (const t of [
      '2026-02-29',
      '2026-02-30 12:00:00',
      '2026-13-01',
      '2026-04-31',
      '2026-01-01 24:00:00',
      '0000-01-01',
      '2026-1-1',
      'a',
      5,
      null,
    ])
      expect(isCalendarTime(t), String(t)).toBe(false);
  });
});

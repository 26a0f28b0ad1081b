import { describe, expect, it } from 'vitest';
import { freightText, templateFreight } from '../src/index.js';

/** Freight of an overseas pickup under a template (prices in hundredths, as stored). */
describe('templateFreight', () => {
  const sg = { free_num: 3, price_us: 850, price_th: 29000 };
  it.each([
    ['sg', 1, { currency: 'USD', amount: 850 }],
    ['sg', 2, { currency: 'USD', amount: 850 }],
    ['sg', 3, { currency: 'USD', amount: 0 }],
    ['sg', 9, { currency: 'USD', amount: 0 }],
    ['th', 2, { currency: 'THB', amount: 29000 }],
    ['th', 3, { currency: 'THB', amount: 0 }],
    ['id', 1, { currency: 'USD', amount: 850 }],
    ['my', 1, { currency: 'USD', amount: 850 }],
    ['ph', 1, { currency: 'USD', amount: 850 }],
    ['vn', 1, { currency: 'USD', amount: 850 }],
  ] as const)('%s, %i item(s): %o', (country, items, expected) => {
    expect(templateFreight(sg, country, items)).toEqual(expected);
  });
  it('a free_num 1 template is always free', () => {
    expect(templateFreight({ free_num: 1, price_us: 0, price_th: 0 }, 'th', 1)).toEqual({ currency: 'THB', amount: 0 });
  });
});

describe('freightText', () => {
  it.each([
    [0, 'USD', '包邮'],
    [18, 'CNY', '¥18.00'],
    [8.5, 'USD', 'US$8.50'],
    [290, 'THB', '฿290.00'],
  ] as const)('%d %s reads %s', (amount, currency, text) => {
    expect(freightText(amount, currency)).toBe(text);
  });
});

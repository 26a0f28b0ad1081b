import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonical, NONCE_PATTERN, newNonce, sign, signHeaders } from '../src/index.js';

describe('canonical', () => {
  it('sorts keys ascending and joins key=value with &', () => {
    expect(canonical({ b: 2, a: 'x', c: 'y' })).toBe('a=x&b=2&c=y');
  });
  it('skips undefined and null but keeps empty strings, zero and false', () => {
    expect(canonical({ a: undefined, b: null, c: '', d: 0, e: false })).toBe('c=&d=0&e=false');
  });
  it('writes arrays and objects as JSON', () => {
    expect(canonical({ list: [1, 'a'], obj: { x: 1 } })).toBe('list=[1,"a"]&obj={"x":1}');
  });
  it('is empty for no params', () => {
    expect(canonical(undefined)).toBe('');
    expect(canonical({})).toBe('');
  });
});

describe('sign', () => {
  it('is hex(sha256(path \\n secret \\n mt \\n canonical))', () => {
    const expected = createHash('sha256')
      .update('/web/goods/warehouse/list\ndev-app-secret\n1700000000\nip_id=3&page=1')
      .digest('hex');
    expect(sign('/web/goods/warehouse/list', 'dev-app-secret', '1700000000', { page: 1, ip_id: 3 })).toBe(expected);
  });
  it('changes with any part: path, secret, time or a parameter', () => {
    const base = sign('/a', 's', '1', { x: 1 });
    expect(sign('/b', 's', '1', { x: 1 })).not.toBe(base);
    expect(sign('/a', 't', '1', { x: 1 })).not.toBe(base);
    expect(sign('/a', 's', '2', { x: 1 })).not.toBe(base);
    expect(sign('/a', 's', '1', { x: 2 })).not.toBe(base);
  });
  it('agrees for a query of strings and a body of numbers with the same values', () => {
    expect(sign('/p', 's', '1', { id: '5', ok: 'true' })).toBe(sign('/p', 's', '1', { id: 5, ok: true }));
  });
  it('handles Chinese text', () => {
    const expected = createHash('sha256').update('/p\ns\n1\nname=上海仓', 'utf8').digest('hex');
    expect(sign('/p', 's', '1', { name: '上海仓' })).toBe(expected);
  });
});

describe('nonce', () => {
  it('is appended to the signed text after the parameters', () => {
    const expected = createHash('sha256').update('/p\ns\n1\na=1\nabcdef012345').digest('hex');
    expect(sign('/p', 's', '1', { a: 1 }, 'abcdef012345')).toBe(expected);
    expect(sign('/p', 's', '1', { a: 1 }, 'abcdef012345')).not.toBe(sign('/p', 's', '1', { a: 1 }));
    expect(sign('/p', 's', '1', { a: 1 }, 'abcdef012345')).not.toBe(sign('/p', 's', '1', { a: 1 }, 'abcdef012346'));
  });
  it('a fresh one each time, of the accepted form', () => {
    const a = newNonce();
    expect(a).toMatch(NONCE_PATTERN);
    expect(newNonce()).not.toBe(a);
  });
  it('signHeaders carries it when given', () => {
    expect(signHeaders('/p', 's', {}, 1_000_000, 'n0nce-abc')).toEqual({
      sign: sign('/p', 's', '1000', {}, 'n0nce-abc'),
      mt: '1000',
      nonce: 'n0nce-abc',
    });
    expect(signHeaders('/p', 's', {}, 1_000_000)).not.toHaveProperty('nonce');
  });
});

describe('signHeaders', () => {
  it('gives mt in unix seconds and the matching sign', () => {
    const headers = signHeaders('/p', 's', { a: 1 }, 1_700_000_000_999);
    expect(headers.mt).toBe('1700000000');
    expect(headers.sign).toBe(sign('/p', 's', '1700000000', { a: 1 }));
  });
});

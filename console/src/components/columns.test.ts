import { describe, expect, it } from 'vitest';
import { yuan } from './columns';

describe('money on every page', () => {
  it('writes ¥ with thousands grouped and two decimals, the same in the lists and on the dashboard', () => {
    expect(yuan(0)).toBe('¥0.00');
    expect(yuan(12.5)).toBe('¥12.50');
    expect(yuan(999.999)).toBe('¥1,000.00');
    expect(yuan(12345.6)).toBe('¥12,345.60');
    expect(yuan(1234567)).toBe('¥1,234,567.00');
    expect(yuan(-3)).toBe('¥-3.00');
  });
});

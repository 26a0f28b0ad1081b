import { describe, expect, it } from 'vitest';
import { kujiHeaderText } from '../src/features/kuji.js';

// The header over the merchant's approved kujis: a kuji listed before its sale time is waiting, not
// on sale, and approved kujis are never called unpublished.
describe('the kuji list header', () => {
  it('says none is on sale, then the kujis waiting for their sale time and those off shelf', () => {
    expect(kujiHeaderText({ on_sale: 0, scheduled: 1, off_shelf: 2 })).toBe(
      '暂无在售的一番赏 · 1 个待发售 · 2 个未上架',
    );
  });

  it('counts only the kujis players can draw as on sale', () => {
    expect(kujiHeaderText({ on_sale: 2, scheduled: 0, off_shelf: 0 })).toBe('2 个一番赏在售');
    expect(kujiHeaderText({ on_sale: 1, scheduled: 3, off_shelf: 0 })).toBe('1 个一番赏在售 · 3 个待发售');
  });

  it('never says 暂无已发布的一番赏在售 above approved kujis', () => {
    expect(kujiHeaderText({ on_sale: 0, scheduled: 0, off_shelf: 1 })).not.toContain('已发布');
  });
});

import { describe, expect, it } from 'vitest';
import {
  canDeleteToy,
  canEditToy,
  firstFailure,
  messages,
  momentRules,
  momentSave,
  toyRules,
  toySave,
  validate,
} from '../src/index.js';

const m = messages.toy;

describe('toy and scene rules (spec 03 §5), in order', () => {
  it.each([
    [{}, m.brandRequired],
    [{ ip_id: 1 }, m.typeRequired],
    [{ ip_id: 1, type: 1 }, m.nameRequired],
    [{ ip_id: 1, type: 1, name: '一二三四五六七八九十十' }, m.nameTooLong],
    [{ ip_id: 1, type: 1, name: '精灵' }, m.toyImageRequired],
    [{ ip_id: 1, type: 2, name: '场景' }, m.sceneImageRequired],
    [{ ip_id: 1, type: 1, name: '精灵', image_url: 'a/b.png' }, m.toyGifOnly],
    [{ ip_id: 1, type: 1, name: '精灵', image_url: 'a/b.gif', short: '长'.repeat(201) }, m.shortTooLong],
    // Editing: the brand and type are the item's own.
    [{ id: 3, name: '' }, m.nameRequired],
  ])('%j → %s', (value, message) => {
    expect(firstFailure(toyRules, value)?.message).toBe(message);
    expect(validate(toySave, value)).toMatchObject({ ok: false, message });
  });

  it('passes a GIF toy and a png scene (with a query on the address)', () => {
    expect(firstFailure(toyRules, { ip_id: 1, type: 1, name: '精灵', image_url: 'https://x/f/a.GIF?w=200' })).toBe(
      null,
    );
    expect(validate(toySave, { ip_id: '1', type: '2', name: '场景', image_url: 'a.png' })).toMatchObject({
      ok: true,
      data: { id: null, ip_id: 1, type: 2, is_box_goods: 0 },
    });
  });
});

describe('highlight moment rules (spec 03 §5), in order', () => {
  const ready = { ip_id: 1, name: '时刻', image_url: 'a.jpg', image_url_source: 's', image_url_watermark: 'w' };
  it.each([
    [{}, m.brandRequired],
    [{ ip_id: 1 }, m.nameRequired],
    [{ ip_id: 1, name: '一二三四五六七八九十十' }, m.nameTooLong],
    [{ ip_id: 1, name: '时刻' }, m.momentImageRequired],
    [{ ip_id: 1, name: '时刻', image_url: 'a.jpg', image_url_source: 's' }, m.momentImageNotReady],
    [ready, m.momentShortRequired],
    [{ ...ready, short: '长'.repeat(201) }, m.momentShortTooLong],
  ])('%j → %s', (value, message) => {
    expect(firstFailure(momentRules, value)?.message).toBe(message);
    expect(validate(momentSave, value)).toMatchObject({ ok: false, message });
  });
});

describe('edit and delete (spec 03 §4)', () => {
  it('edit only when rejected; delete only when nobody received it and it is not pending', () => {
    expect([0, 1, 2].map((status) => canEditToy({ status }))).toEqual([false, false, true]);
    expect([0, 1, 2].map((status) => canDeleteToy({ status, received: 0 }))).toEqual([false, true, true]);
    expect(canDeleteToy({ status: 1, received: 1 })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  marketDeliveryOf,
  marketRequest,
  marketShip,
  marketShipDialogForm,
  marketShipPageForm,
  marketShippable,
  marketSign,
  messages,
  validate,
} from '../src/index.js';

const m = messages.market;

describe('marketDeliveryOf (spec 02 §4)', () => {
  it('derives each delivery status from the goods lines', () => {
    expect(marketDeliveryOf({ total: 3, shipped: 0, received: 0 })).toBe(0);
    expect(marketDeliveryOf({ total: 3, shipped: 1, received: 0 })).toBe(4);
    expect(marketDeliveryOf({ total: 3, shipped: 3, received: 0 })).toBe(1);
    expect(marketDeliveryOf({ total: 3, shipped: 2, received: 1 })).toBe(5);
    expect(marketDeliveryOf({ total: 3, shipped: 0, received: 1 })).toBe(5);
    expect(marketDeliveryOf({ total: 3, shipped: 0, received: 3 })).toBe(2);
    expect([0, 1, 2, 4, 5].filter(marketShippable)).toEqual([0, 4]);
  });
});

describe('the ship form', () => {
  it('answers the message of the place that shows it, company first', () => {
    const empty = { id: 1, express_company: '', express: '' };
    const noNumber = { id: 1, express_company: '顺丰', express: ' ' };
    expect(validate(marketShip, empty)).toMatchObject({ ok: false, message: messages.shipment.companyRequired });
    expect(validate(marketShip, noNumber)).toMatchObject({ ok: false, message: messages.shipment.expressRequired });
    expect(validate(marketShipDialogForm, empty)).toMatchObject({ ok: false, message: '请输入物流公司' });
    expect(validate(marketShipDialogForm, noNumber)).toMatchObject({ ok: false, message: '请输入物流单号' });
    expect(validate(marketShipPageForm, empty)).toMatchObject({ ok: false, message: '请输入快递公司' });
    expect(validate(marketShipPageForm, noNumber)).toMatchObject({ ok: false, message: '请输入快递单号' });
    expect(validate(marketShip, { ...noNumber, express: 'SF1', goods_ids: [] })).toMatchObject({
      ok: false,
      message: m.goodsRequired,
    });
    expect(validate(marketShip, { ...noNumber, express: 'SF1' })).toMatchObject({ ok: true });
  });
});

describe('marketSign', () => {
  it('depends on the secret, the path, the time and every parameter', () => {
    const base = marketSign('s', '/open/market/shopee/orders', '100', { a: 1 });
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(marketSign('t', '/open/market/shopee/orders', '100', { a: 1 })).not.toBe(base);
    expect(marketSign('s', '/open/market/lazada/orders', '100', { a: 1 })).not.toBe(base);
    expect(marketSign('s', '/open/market/shopee/orders', '101', { a: 1 })).not.toBe(base);
    expect(marketSign('s', '/open/market/shopee/orders', '100', { a: 2 })).not.toBe(base);
  });

  it('signs a GET over its query as strings and a POST over its body', () => {
    const now = 1_700_000_000_000;
    const get = marketRequest('shopee', 'shop-secret', 'shipments', { since_id: 5 }, { now });
    expect(get.url).toBe('/open/market/shopee/shipments?since_id=5');
    expect(get.init.headers.sign).toBe(
      marketSign('shop-secret', '/open/market/shopee/shipments', '1700000000', { since_id: '5' }),
    );
    const post = marketRequest('lazada', 'k', 'receipt', { order_sn: 'A1' }, { now });
    expect(post.init.method).toBe('POST');
    expect(post.init.body).toBe('{"order_sn":"A1"}');
    expect(post.init.headers).toMatchObject({
      mt: '1700000000',
      sign: marketSign('k', '/open/market/lazada/receipt', '1700000000', { order_sn: 'A1' }),
    });
  });
});

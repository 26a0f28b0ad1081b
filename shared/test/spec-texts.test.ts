// The spec's exact words where the screens had drifted from them: the gacha form's bare 不可为空
// (the field named beside it), spec 02's success and cancel words, and a network failure in Chinese.
import { describe, expect, it } from 'vitest';
import {
  createClient,
  firstFailure,
  gachaRules,
  gachaSave,
  isXlsxName,
  messages,
  networkMessage,
  validate,
} from '../src/index.js';

const gacha = {
  ip_id: 1,
  goods_title: '扭蛋',
  price: '25',
  cost_price: '9.5',
  stock: '10',
  cate: 3,
  pics: ['img/a.png'],
  channel: '门店',
};

describe('gacha form (spec 01 §5: goods_title, price, cost_price, stock, pics, channel required, 不可为空)', () => {
  it('answers the bare 不可为空 on each field, in the form order', () => {
    const order: [string, unknown][] = [];
    let value: Record<string, unknown> = {
      ip_id: 1,
      goods_title: '',
      price: '',
      cost_price: '',
      stock: '',
      cate: 3,
      pics: [],
      channel: '',
    };
    for (let i = 0; i < 6; i++) {
      const failed = firstFailure(gachaRules, value);
      if (!failed) break;
      order.push([failed.field, failed.message]);
      value = { ...value, [failed.field]: (gacha as Record<string, unknown>)[failed.field] };
    }
    expect(order).toEqual([
      ['goods_title', '不可为空'],
      ['price', '不可为空'],
      ['cost_price', '不可为空'],
      ['stock', '不可为空'],
      ['pics', '不可为空'],
      ['channel', '不可为空'],
    ]);
  });

  it('the API, with no label beside it, names the field; the form gets the rule its own words', () => {
    const r = validate(gachaSave, { ...gacha, cost_price: '' });
    expect(r).toMatchObject({ ok: false, message: '成本价不可为空', field: 'cost_price', ruleMessage: '不可为空' });
    // The form's label, not the field's common name (价格).
    expect(validate(gachaSave, { ...gacha, price: '' })).toMatchObject({
      message: '零售价不可为空',
      ruleMessage: '不可为空',
    });
  });
});

describe('spec 02 §8 words', () => {
  it('copy, settings, coupon delete, cancel and upload failure', () => {
    expect(messages.success.copied).toBe('复制成功');
    expect(messages.success.setPlain).toBe('设置成功');
    expect(messages.success.deletedPlain).toBe('删除成功');
    expect(messages.cancelled.plain).toBe('已取消');
    expect(messages.upload.failed).toBe('上传失败');
  });

  it('a shipping sheet is .xlsx with one dot', () => {
    expect(['发货单.xlsx', 'a.XLSX'].map(isXlsxName)).toEqual([true, true]);
    expect(['ship.v2.xlsx', 'ship.xls', 'ship', '.xlsx', 'xlsx'].map(isXlsxName)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('network failure', () => {
  it('is said in Chinese, never the browser\'s "Failed to fetch"', async () => {
    expect(networkMessage(new TypeError('Failed to fetch'))).toBe('网络连接失败，请检查网络后重试');
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(networkMessage(refused)).toBe('网络连接失败，请检查网络后重试（ECONNREFUSED）');
    const offline = createClient({
      baseUrl: 'http://offline.test',
      secret: 's',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const route = { method: 'GET', path: '/x', operationId: 'x.get' } as const;
    await expect(offline.send(route)).rejects.toMatchObject({ status: 0, message: '网络连接失败，请检查网络后重试' });
  });
});

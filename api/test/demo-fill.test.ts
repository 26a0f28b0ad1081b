import { api, type RouteDef } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { fillDemo } from '../src/tools/demo-fill.js';
import { listen } from './draw-helpers.js';
import { brandIds, call, login, makeApp, PASSWORD } from './helpers.js';

/** Each list page of the menu (its url) and the call that fills it. */
const LIST_PAGES: Record<string, RouteDef> = {
  'warehouse/list': api.warehouse.list,
  'freight/list': api.freight.list,
  'blindBoxRecord/list': api.blindBoxRecord.list,
  'drawMachine/list': api.drawMachine.list,
  'deposit/list': api.deposit.list,
  'coupon/list': api.coupon.list,
  'goods/list': api.goods.list,
  'gacha/list': api.gacha.list,
  'order/list': api.order.list,
  'pickup/list': api.pickup.list,
  'market/list': api.market.list,
  'market/links': api.marketLink.list,
  'kuji/list': api.kuji.list,
  'scratch/list': api.scratch.list,
  'toy/list': api.toy.list,
  'toy/album': api.moment.list,
  'wallpaper/list': api.wallpaper.list,
  'exchangeMethod/list': api.exchange.list,
  'skin/list': api.skin.list,
  'collectible/list': api.collectible.list,
  'subscription/list': api.subscription.list,
  'review/blindBox': api.review.list,
};

interface MenuItem {
  url: string;
  children: MenuItem[];
}
const urlsOf = (items: MenuItem[]): string[] => items.flatMap((i) => [i.url, ...urlsOf(i.children)]);

/** The rows a list call answers, whatever the shape of its data (a list, or an object holding one). */
const rowsOf = (data: unknown): number =>
  Array.isArray(data)
    ? data.length
    : Math.max(0, ...Object.values((data ?? {}) as object).map((v) => (Array.isArray(v) ? v.length : 0)));

const app = await makeApp();
const base = await listen(app);

describe('the first start fills the demo', () => {
  it('every list page of every demo account shows at least one row, made by the simulated players', async () => {
    const summaries = await fillDemo(apiClient(base), { password: PASSWORD, scale: 0.08, thinkMs: 20 });
    expect(summaries.map((s) => s.errors)).toEqual([0, 0, 0]);
    const empty: string[] = [];
    for (const email of ['brand@demo.local', 'shop@demo.local', 'coupon@demo.local', 'reviewer@demo.local']) {
      const token = (await login(app, email)).web_token;
      const info = await call(app, api.user.info, undefined, { token });
      const pages = urlsOf(info.body.data.menus as MenuItem[]).filter((url) => url in LIST_PAGES);
      expect(pages.length).toBeGreaterThan(0);
      for (const url of pages) {
        const route = LIST_PAGES[url]!;
        // A list shows one brand at a time: any of the account's brands with rows will do.
        const brands = route.perId ? await brandIds(app, token, route.perId as 12 | 14 | 15 | 17) : [];
        let answer = await call(app, route, undefined as never, { token });
        let rows = rowsOf(answer.body.data);
        for (const ip_id of brands) {
          if (rows > 0) break;
          answer = await call(app, route, { ip_id } as never, { token });
          rows = rowsOf(answer.body.data);
        }
        if (rows === 0) empty.push(`${email} ${url} (${answer.body.msg})`);
      }
    }
    expect(empty).toEqual([]);
    // The coupon manager's draw coupons are claimed, and some spent on draws of its brand's machine.
    expect(summaries[2]!.couponUses).toBeGreaterThan(0);
    const couponToken = (await login(app, 'coupon@demo.local')).web_token;
    const [couponBrand] = await brandIds(app, couponToken, 15);
    const coupons = (await call(app, api.coupon.list, { ip_id: couponBrand }, { token: couponToken })).body.data.list;
    expect(coupons.some((c) => c.used_num > 0 && c.issue_num > c.used_num)).toBe(true);
  });
});

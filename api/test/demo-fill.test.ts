import { api, KUJI_OFF, MENU_GROUP_URL, MENU_PAGE_URLS, type MenuPageUrl, type RouteDef } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { longest } from '../../scripts/patience.mjs';
import { apiClient } from '../src/tools/client.js';
import { fillDemo } from '../src/tools/demo-fill.js';
import { listen } from './draw-helpers.js';
import { brandIds, call, login, makeApp, PASSWORD } from './helpers.js';

/**
 * Every page of the menu (its url): the call that fills it when it is a list, null when it is not
 * (the dashboard, a form, a detail). A page added to the menu must be named here.
 */
const MENU_PAGES = {
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
  dashboard: null,
  'blindBoxRecord/form': null,
  'blindBox/release': null,
  'blindBox/settings': null,
  'coupon/form': null,
  'order/detail': null,
  'order/send': null,
  'market/ship': null,
  'kuji/form': null,
  'skin/form': null,
  'collectible/form': null,
  'composeRule/form': null,
} satisfies Record<MenuPageUrl, RouteDef | null>;
const PAGES: Record<string, RouteDef | null> = MENU_PAGES;

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
  it(
    'every list page of every demo account shows at least one row, made by the simulated players',
    async () => {
      const summaries = await fillDemo(apiClient(base), { password: PASSWORD, scale: 0.08, thinkMs: 20 });
      expect(summaries.map((s) => s.errors)).toEqual([0, 0, 0]);
      const empty: string[] = [];
      for (const email of ['brand@demo.local', 'shop@demo.local', 'coupon@demo.local', 'reviewer@demo.local']) {
        const token = (await login(app, email)).web_token;
        const info = await call(app, api.user.info, undefined, { token });
        const pages = urlsOf(info.body.data.menus as MenuItem[]).filter((url) => url !== MENU_GROUP_URL);
        // A menu page nobody classed as a list or not is a failure, not a page left unchecked.
        expect(pages.filter((url) => !(url in PAGES))).toEqual([]);
        const lists = pages.filter((url) => PAGES[url]);
        expect(lists.length).toBeGreaterThan(0);
        for (const url of lists) {
          const route = PAGES[url]!;
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

      // The own-brand merchant's states: a kuji sold out, a kuji on sale with draws, a machine on sale
      // with draws; and in each of its brands a kuji on sale.
      const brandToken = (await login(app, 'brand@demo.local')).web_token;
      const kujis = [];
      const machines = [];
      const brandsWithoutKuji: number[] = [];
      for (const ip_id of await brandIds(app, brandToken, 14)) {
        const k = await call(app, api.kuji.list, { ip_id, limit: 100 } as never, { token: brandToken });
        kujis.push(...k.body.data.list);
        if (k.body.data.on_sale === 0) brandsWithoutKuji.push(ip_id);
        const m = await call(app, api.drawMachine.list, { ip_id, limit: 100 } as never, { token: brandToken });
        machines.push(...m.body.data.list);
      }
      expect(brandsWithoutKuji).toEqual([]);
      const kujiStates = kujis.map((k) => ({ title: k.title, off: k.off, sales: k.sales_price }));
      expect(
        kujiStates.some((k) => k.off === KUJI_OFF.soldOut),
        JSON.stringify(kujiStates),
      ).toBe(true);
      expect(
        kujiStates.some((k) => k.off === KUJI_OFF.listed && k.sales > 0),
        JSON.stringify(kujiStates),
      ).toBe(true);
      const machineStates = machines.map((m) => ({
        title: m.title,
        off: m.off,
        left: m.surplus_num,
        sold: m.cupboard.sold_num,
      }));
      expect(
        machineStates.some((m) => m.off === 0 && m.left > 0 && m.sold > 0),
        JSON.stringify(machineStates),
      ).toBe(true);

      // The coupon manager's draw coupons: claimed on every brand, and some spent on draws.
      expect(summaries[2]!.couponUses).toBeGreaterThan(0);
      const couponToken = (await login(app, 'coupon@demo.local')).web_token;
      const couponBrands = await brandIds(app, couponToken, 15);
      expect(couponBrands.length).toBeGreaterThan(0);
      const coupons = [];
      for (const ip_id of couponBrands) {
        const list = (await call(app, api.coupon.list, { ip_id }, { token: couponToken })).body.data.list;
        expect(list.some((c) => c.issue_num > 0)).toBe(true);
        coupons.push(...list);
      }
      expect(coupons.some((c) => c.used_num > 0 && c.issue_num > c.used_num)).toBe(true);
      // The fill is a few hundred players' sessions over HTTP: half a minute on an idle machine, many
      // times that on a busy one, whose every query waits its turn for a core.
    },
    longest(240_000),
  );

  it('every page of the menu is named in the table of pages', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...MENU_PAGE_URLS].sort());
  });
});

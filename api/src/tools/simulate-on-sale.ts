import { type api, KUJI_OFF, type RouteInput } from '@toy/shared';
import { formatTime } from '../lib/time.js';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;
/** A time as the API reads it (UTC+8, `YYYY-MM-DD HH:mm:ss`). */
const fmt = (ms: number) => formatTime(new Date(ms));

/**
 * What a brand needs on sale before its players arrive (and an overseas warehouse with its freight,
 * for the pickups sent abroad), made through the merchant's (and the
 * reviewer's) calls as in the console: a draw machine with boxes left, and 一番赏 — the first time a
 * small one (one box of ten tickets) that the crowd sells out and a larger one (three boxes of a
 * hundred) that stays on sale; later, a larger one whenever none is on sale. Nothing is made while
 * the brand has both on sale, so a run that sells nothing out adds nothing.
 */
export async function stockForSale(
  client: Client,
  opts: { web_token: string; ipId: number; reviewer?: { email: string; password: string }; log?: (l: string) => void },
): Promise<{ machines: number; kujis: number }> {
  const made = { machines: 0, kujis: 0 };
  await overseasSetUp(client, opts.web_token, opts.ipId);
  if (await machineNeeded(client, opts.web_token, opts.ipId)) {
    if (await publishMachine(client, opts.web_token, opts.ipId)) made.machines += 1;
  }
  const kujis = opts.reviewer ? await kujisOf(client, opts.web_token, opts.ipId) : null;
  if (opts.reviewer && kujis && kujis.onSale === 0)
    made.kujis = await publishKujis(
      client,
      opts.web_token,
      opts.ipId,
      opts.reviewer,
      kujis.any ? ['large'] : ['small', 'large'],
    );
  if (made.machines || made.kujis)
    opts.log?.(`brand ${opts.ipId}: ${made.machines} machine(s) and ${made.kujis} kuji(s) put on sale`);
  return made;
}

/** A brand without an overseas warehouse gets one, and the freight template of its country. */
async function overseasSetUp({ call, api }: Client, web_token: string, ipId: number): Promise<void> {
  const list = await call(api.warehouse.list, { ip_id: ipId }, { web_token });
  if (list.status !== 0 || list.data.length > 0) return;
  await call(api.warehouse.save, { ip_id: ipId, name: '新加坡集运仓', country: 'sg' } as never, { web_token });
  await call(api.freight.save, { ip_id: ipId, country: 'sg', free_num: 3, price_us: 8.5, price_th: 290 } as never, {
    web_token,
  });
}

/**
 * A release (发布盒机) that passes every rule, of an allocation of the template: on sale from 2026-01-01
 * unless `patch` says otherwise. The simulator's, the tests' and the benchmarks' one form.
 */
export const releaseForm = (
  ipId: number,
  template: { id: number; price: number },
  alloc: { box_num: number; box_sign: string },
  patch: Record<string, unknown> = {},
) =>
  ({
    ip_id: ipId,
    template_id: template.id,
    shelves_time: '2026-01-01 10:00:00',
    is_pre_sale: 0,
    delivery_time: '',
    service_charge: 5,
    price: template.price,
    is_overseas: 0,
    price_us: null,
    price_th: null,
    desc: '限时发售，拆盒未拆袋',
    box_num: alloc.box_num,
    is_bean: 1,
    bean: 5,
    wrap: '拆盒未拆袋',
    box_sign: alloc.box_sign,
    ...patch,
  }) as RouteInput<typeof api.blindBox.publish>;

async function machineNeeded({ call, api }: Client, web_token: string, ipId: number): Promise<boolean> {
  const res = await call(api.drawMachine.list, { ip_id: ipId, page: 1, limit: 100 }, { web_token });
  if (res.status !== 0) return false;
  return !res.data.list.some((m) => m.off === 0 && m.surplus_num > 0);
}

/** 30 cases of the brand's first approved blind-box template, allocated and published on sale now. */
async function publishMachine({ call, api }: Client, web_token: string, ipId: number): Promise<boolean> {
  const found = await call(api.template.search, { ip_id: ipId }, { web_token });
  const template = found.status === 0 ? found.data.list[0] : undefined;
  if (!template) return false;
  const cases = 30;
  const alloc = await call(api.blindBox.allocate, { template_id: template.id, box_num: cases }, { web_token });
  if (alloc.status !== 0) return false;
  const published = await call(
    api.blindBox.publish,
    releaseForm(ipId, template, alloc.data, {
      shelves_time: fmt(Date.now() - 60_000),
      desc: '演示：模拟玩家正在抽的盒机',
    }),
    { web_token },
  );
  return published.status === 0;
}

/** Whether the brand has any kuji, and how many are on sale; null when the merchant may not see them. */
async function kujisOf({ call, api }: Client, web_token: string, ipId: number) {
  const res = await call(api.kuji.list, { ip_id: ipId, page: 1, limit: 10 } as never, { web_token });
  return res.status === 0 ? { any: res.data.list.length > 0, onSale: res.data.on_sale } : null;
}

/** Prize rows in level order: Last, W (tickets 2–5), A, B, C: `scale` × 10 tickets a box. */
const kujiRows = (scale: number) => [
  {
    goods_title: '最终赏·限定大娃',
    goods_pic: 'seed/goods-02.png',
    stock: 1,
    goods_price: 300,
    cost_price: 100,
    level: 0,
  },
  {
    goods_title: '全局赏·签名挂画',
    goods_pic: 'seed/goods-03.png',
    stock: 1,
    goods_price: 200,
    cost_price: 80,
    level: 101,
    start_section: 2,
    end_section: 5,
  },
  {
    goods_title: 'A赏·珍藏手办',
    goods_pic: 'seed/goods-04.png',
    stock: 2 * scale,
    goods_price: 150,
    cost_price: 60,
    level: 1,
  },
  {
    goods_title: 'B赏·亚克力立牌',
    goods_pic: 'seed/goods-05.png',
    stock: 3 * scale,
    goods_price: 50,
    cost_price: 20,
    level: 2,
  },
  {
    goods_title: 'C赏·徽章',
    goods_pic: 'seed/goods-06.png',
    stock: 5 * scale,
    goods_price: 20,
    cost_price: 8,
    level: 3,
  },
];

const KUJIS = {
  small: { title: '演示一番赏·限量一箱', boxes: 1, scale: 1 },
  large: { title: '演示一番赏·梦幻派对', boxes: 3, scale: 10 },
};

/** Kujis published, approved by the reviewer and listed: how many went on sale. */
async function publishKujis(
  { call, api }: Client,
  web_token: string,
  ipId: number,
  reviewer: { email: string; password: string },
  which: (keyof typeof KUJIS)[],
): Promise<number> {
  const session = await call(api.auth.login, reviewer);
  if (session.status !== 0) return 0;
  const reviewerToken = (session.data as { web_token: string }).web_token;
  let listed = 0;
  for (const { title, boxes, scale } of which.map((k) => KUJIS[k])) {
    const published = await call(
      api.kuji.publish,
      {
        ip_id: ipId,
        title,
        price: 25,
        stock: boxes,
        pic: 'seed/goods-01.png',
        top_pic: '',
        desc: '演示：模拟玩家正在抽的一番赏',
        is_bean: 1,
        bean: 5,
        shelves_time: fmt(Date.now() - 60_000),
        is_official: 0,
        goods: JSON.stringify(kujiRows(scale)),
      } as never,
      { web_token },
    );
    if (published.status !== 0) continue;
    const id = (published.data as { id: number }).id;
    const decided = await call(api.review.kujiDecide, { id, status: 1, reason: '' }, { web_token: reviewerToken });
    if (decided.status !== 0) continue;
    const shown = await call(api.kuji.update, { id, off: KUJI_OFF.listed } as never, { web_token });
    if (shown.status === 0) listed += 1;
  }
  return listed;
}

import { type DrawMachine, PER_ID } from '@toy/shared';
import { type apiClient, COINS_SHORT, simulatedPlayerCode } from './client.js';
import { type AlbumSummary, simulateAlbum } from './simulate-album.js';
import { type CollectibleSummary, simulateCollectible } from './simulate-collectible.js';
import { type ComposeSummary, simulateCompose } from './simulate-compose.js';
import { claimCoupon, shopperCoupon, simulateCouponClaims } from './simulate-coupon.js';
import { type ExchangeSummary, simulateExchange } from './simulate-exchange.js';
import { type KujiSummary, startKuji } from './simulate-kuji.js';
import { type MarketSummary, simulateMarket } from './simulate-market.js';
import { stockForSale } from './simulate-on-sale.js';
import { startOrders } from './simulate-order.js';
import {
  destinationOf,
  type FulfilmentSummary,
  overseasDestinations,
  pickupRequest,
  simulateFulfilment,
} from './simulate-pickup.js';
import { type ScratchSummary, simulateScratch } from './simulate-scratch.js';
import { type SkinSummary, simulateSkin } from './simulate-skin.js';
import { applyForSubscription, reviewSubscriptions } from './simulate-subscription.js';
import { simulateToy, type ToySummary } from './simulate-toy.js';

export interface SimulateOptions {
  minutes: number;
  players: number;
  /** Pause between one player's actions, ms. */
  thinkMs: number;
  /**
   * Draws the crowd makes at least, whatever the time (a test's budget, so a busy machine draws as
   * many as an idle one): past `minutes` the players go on until this many draws are made, the
   * machines sell out, or a minute more has passed.
   */
  minDraws?: number;
  merchant: { email: string; password: string };
  /** The platform reviewer who decides the simulated skins (default the demo reviewer). */
  reviewer?: { email: string; password: string };
  log?: (line: string) => void;
  /**
   * Called when the crowd stops, before the late shoppers and refunds: a test moves its clock
   * there, so that the orders made at the start time out while the late ones stay pending.
   */
  afterCrowd?: () => Promise<void>;
}

export interface SimulateSummary {
  draws: number;
  soldOutAnswers: number;
  pickups: number;
  /** Of the pickups, those sent abroad (Thailand, Singapore) under the brand's freight template. */
  overseasPickups: number;
  errors: number;
  machines: number;
  /** Normal orders made (simulate-order.ts). */
  orders: number;
  fulfilment?: FulfilmentSummary;
  market?: MarketSummary;
  /** 一番赏 draws (simulate-kuji.ts), when kujis are on sale. */
  kuji?: KujiSummary;
  /** Scratch-code redemptions (simulate-scratch.ts). */
  scratch?: ScratchSummary;
  /** Toys, scenes and moments made, reviewed and received from draws (simulate-toy.ts). */
  toy?: ToySummary;
  /** Wallpapers, exchange methods and the players' claims (simulate-exchange.ts). */
  exchange?: ExchangeSummary;
  /** Brand skins submitted, reviewed, listed and claimed (simulate-skin.ts). */
  skin?: SkinSummary;
  /** Digital collectibles made and bought (simulate-collectible.ts). */
  collectible?: CollectibleSummary;
  /** An album liked by the players, and images composed by the background job (simulate-album.ts). */
  album?: AlbumSummary;
  /** A compose rule and the players' compositions (simulate-compose.ts). */
  compose?: ComposeSummary;
  /** Subscription applications the players made (the merchant reviews them at the end). */
  subscriptions: number;
  /** Claims of a coupon-only merchant's coupons. */
  couponClaims?: number;
  /** Of those, the claims spent on a draw. */
  couponUses?: number;
}

const emptySummary = (): SimulateSummary => ({
  draws: 0,
  soldOutAnswers: 0,
  pickups: 0,
  overseasPickups: 0,
  errors: 0,
  machines: 0,
  orders: 0,
  subscriptions: 0,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/**
 * A crowd of players against a running API: each logs in, then until the time is up draws from a
 * random listed machine (coins on or off), and now and then picks up some of its cabinet. The
 * machines are found through the demo merchant's list (the player side has no catalogue yet).
 */
export async function simulate(client: ReturnType<typeof apiClient>, opts: SimulateOptions): Promise<SimulateSummary> {
  const { call, api } = client;
  const log = opts.log ?? (() => undefined);
  const session = await call(api.auth.login, opts.merchant);
  if (session.status !== 0) throw new Error(`merchant login: ${session.msg}`);
  const web_token = (session.data as { web_token: string }).web_token;
  if (!(session.data as { per_ids: number[] }).per_ids.includes(PER_ID.box)) {
    // A merchant without draw machines (the coupon manager): its coupons, claimed by players.
    const own = await call(api.brand.mine, { per_id: PER_ID.coupon }, { web_token });
    const couponBrands = own.status === 0 ? own.data.ips.map((b) => b.id) : [];
    const coupons = await simulateCouponClaims(client, { web_token, ipIds: couponBrands, players: opts.players, log });
    return { ...emptySummary(), couponClaims: coupons.claims, couponUses: coupons.uses, errors: coupons.errors };
  }
  const brands = await call(api.brand.mine, { per_id: PER_ID.box }, { web_token });
  const ipIds = (brands.data as { ips: { id: number }[] }).ips.map((b) => b.id);
  const reviewer = {
    email: opts.reviewer?.email ?? 'reviewer@demo.local',
    password: opts.reviewer?.password ?? 'demo1234',
  };
  // Something on sale in each of the merchant's brands for the players to draw; again while they
  // draw, so a machine they sell out is followed by one they go on drawing (the demo's machine on
  // sale has draws), and at the end so a machine and a kuji stay on sale after the crowd has gone.
  let stocking: Promise<void> | null = null;
  const stock = () =>
    (stocking ??= (async () => {
      for (const ipId of ipIds) await stockForSale(client, { web_token, ipId, reviewer, log });
    })().finally(() => {
      stocking = null;
    }));
  await stock();
  const orders = await startOrders(client, { web_token, ipIds, log });

  let machines: DrawMachine[] = [];
  /** Each machine's brand: a cabinet item names its machine, a pickup's freight its brand. */
  const brandOf = new Map<number, number>();
  const refresh = async () => {
    const found: DrawMachine[] = [];
    for (const ip_id of ipIds) {
      for (let page = 1; page <= 20; page++) {
        const res = await call(api.drawMachine.list, { ip_id, page, limit: 100 }, { web_token });
        const list = (res.data?.list ?? []) as DrawMachine[];
        found.push(...list.filter((m) => m.off === 0 && m.surplus_num > 0));
        if (list.length < 100) break;
      }
    }
    for (const m of found) brandOf.set(m.id, m.ip_id);
    machines = found.filter((m) => new Date(`${m.shelves_time.replace(' ', 'T')}+08:00`).getTime() <= Date.now());
  };
  await refresh();
  log(`${machines.length} machine(s) on sale`);
  const summary: SimulateSummary = { ...emptySummary(), machines: machines.length };
  const deadline = Date.now() + opts.minutes * 60_000;
  /** Stock again (a machine sold out is followed by another), then see what is on sale. */
  const restock = () =>
    void stock()
      .then(refresh)
      .catch(() => undefined);
  const refresher = setInterval(restock, 5000);
  const kuji = startKuji(client, {
    players: Math.max(2, Math.ceil(opts.players / 4)),
    deadline,
    thinkMs: opts.thinkMs,
    // The demo keeps a kuji on sale, with draws, beside the one it sells out.
    keepLastBox: true,
    log,
  });

  // The brands' overseas destinations (freight templates for Thailand and Singapore).
  const destinations = await overseasDestinations(client, web_token, ipIds);

  // A draw coupon per brand: every other player claims one and spends it on a draw of that brand.
  const drawCoupons = new Map<number, number>();
  for (const ipId of ipIds) {
    const id = await shopperCoupon(client, web_token, ipId, 'draw');
    if (id !== null) drawCoupons.set(ipId, id);
  }

  const playerTokens: string[] = [];
  const playerPhones: string[] = [];
  const runPlayer = async (i: number) => {
    const phone = `188${String(Date.now() % 100000).padStart(5, '0')}${String(i).padStart(3, '0')}`;
    const login = await call(api.player.login, { phone, code: simulatedPlayerCode(), nickname: `模拟玩家${i}` });
    const headers = { player_token: (login.data as { player_token: string }).player_token };
    playerTokens.push(headers.player_token);
    playerPhones.push(phone);
    if (await applyForSubscription(client, headers.player_token, ipIds, i)) summary.subscriptions += 1;
    const coupons = new Map<number, number>();
    if (i % 2 === 0)
      for (const [ipId, couponId] of drawCoupons) {
        const claim = await claimCoupon(client, headers.player_token, couponId);
        if (claim !== null) coupons.set(ipId, claim);
      }
    let since = 0;
    // A player whose coins no longer cover a machine's deduction draws without them (a draw asking
    // for more coins than the balance holds is refused: 金币不足).
    let coinsLeft = true;
    const drawing = () =>
      Date.now() < deadline ||
      (summary.draws < (opts.minDraws ?? 0) && machines.length > 0 && Date.now() < deadline + 60_000);
    /** Some of the cabinet's items of one machine into a pickup (one pickup holds one brand's goods). */
    const pickUp = async () => {
      const cabinet = await call(api.player.deposit, { state: 3 }, headers);
      const items = (cabinet.data?.list ?? []) as { id: number; batch_id: number }[];
      const first = items[0];
      if (first) {
        // One pickup holds one brand's goods: take them from the same machine.
        const same = items.filter((d) => d.batch_id === first.batch_id);
        const ids = same.slice(0, 1 + Math.floor(Math.random() * 3)).map((d) => d.id);
        const ipId = brandOf.get(first.batch_id);
        const country = ipId === undefined ? undefined : destinationOf(i, ipId, destinations);
        const picked = await call(api.player.pickup, pickupRequest(i, phone, ids, country), headers);
        if (picked.status === 0) {
          summary.pickups += 1;
          if (country) summary.overseasPickups += 1;
        }
        since = 0;
      }
    };
    while (drawing()) {
      if (machines.length === 0) {
        await sleep(500);
        continue;
      }
      const machine = pick(machines);
      const coupon_id = coupons.get(machine.ip_id);
      const use_bean = coinsLeft && Math.random() < 0.5 ? 1 : 0;
      const res = await call(api.player.draw, { batch_id: machine.id, use_bean, coupon_id }, headers);
      if (res.status === 0) {
        if (coupon_id !== undefined) coupons.delete(machine.ip_id);
        summary.draws += 1;
        since += 1;
      } else if (res.status === 409) {
        summary.soldOutAnswers += 1;
        machines = machines.filter((m) => m.id !== machine.id);
        // Sold out: the merchant puts another on sale at once, and the crowd goes on with it.
        restock();
      } else if (res.status === 400 && use_bean === 1 && res.msg.startsWith(COINS_SHORT)) coinsLeft = false;
      else {
        summary.errors += 1;
        log(`draw ${machine.id}: ${res.status} ${res.msg}`);
      }
      if (since >= 3 && Math.random() < 0.3) await pickUp();
      await sleep(opts.thinkMs * (0.5 + Math.random()));
    }
    // However few draws a busy machine allowed, the run leaves a pickup to ship.
    if (summary.pickups === 0 && since > 0) await pickUp();
  };
  try {
    await Promise.all(Array.from({ length: opts.players }, (_, i) => runPlayer(i)));
  } finally {
    clearInterval(refresher);
  }
  summary.kuji = await kuji.finish();
  await opts.afterCrowd?.();
  if (ipIds[0] !== undefined)
    summary.scratch = await simulateScratch(client, { web_token, ipId: ipIds[0], players: playerTokens, log });
  if (ipIds[0] !== undefined) {
    const ipId = ipIds[0];
    summary.toy = await simulateToy(client, { web_token, ipId, players: playerTokens.slice(0, 3), log });
    summary.exchange = await simulateExchange(client, {
      web_token,
      ipId,
      players: playerTokens,
      machineId: machines.find((m) => m.ip_id === ipId)?.id,
      log,
    });
    summary.collectible = await simulateCollectible(client, { web_token, ipId, players: playerTokens, log });
    summary.skin = await simulateSkin(client, {
      web_token,
      ipId,
      phones: playerPhones,
      reviewer,
      log,
    });
    summary.album = await simulateAlbum(client, { web_token, ipId, players: playerTokens, log });
    summary.compose = await simulateCompose(client, { web_token, ipId, players: playerTokens, log });
  }
  await orders.finish();
  summary.fulfilment = await simulateFulfilment(client, web_token, ipIds, log);
  summary.market = await simulateMarket(client, { web_token, ipIds, log });
  await reviewSubscriptions(client, web_token, ipIds);
  await stock();
  // A machine put on sale as the crowd left shows draws too: a few players draw from it.
  await refresh();
  for (const m of machines.filter((m) => m.cupboard.sold_num === 0))
    for (const player_token of playerTokens.slice(0, 3))
      if ((await call(api.player.draw, { batch_id: m.id, use_bean: 0 }, { player_token })).status === 0)
        summary.draws += 1;
  return { ...summary, orders: orders.orders, errors: summary.errors + orders.errors };
}

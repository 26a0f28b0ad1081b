import { formatTime } from '../lib/time.js';
import { type apiClient, simulatedPlayerCode } from './client.js';

type Client = ReturnType<typeof apiClient>;
/** A time as the API reads it (UTC+8, `YYYY-MM-DD HH:mm:ss`). */
const fmt = (ms: number) => formatTime(new Date(ms));

/**
 * The merchant's coupon for the simulated shoppers of a brand: ¥5 off a release sale (or a draw),
 * no threshold, claimable by anyone for 30 days (the merchant has coupon_admin on its brands).
 */
export async function shopperCoupon(
  { call, api }: Client,
  web_token: string,
  ipId: number,
  kind: 'sale' | 'draw' = 'sale',
): Promise<number | null> {
  const res = await call(
    api.coupon.create,
    {
      ip_id: ipId,
      title: `${kind === 'sale' ? '发售立减券' : '抽盒立减券'} ${fmt(Date.now()).slice(5, 16)}`,
      business_type: kind === 'sale' ? 2 : 1,
      coupon_type: 5,
      face_value: 5,
      invalid_type: 1,
      start_time: fmt(Date.now() - 60_000),
      end_time: fmt(Date.now() + 30 * 86_400_000),
      total_num: 200,
      limit_num: 1,
      receive_condition: 6,
    } as never,
    { web_token },
  );
  return res.status === 0 ? (res.data as { id: number }).id : null;
}

/** A player claims the coupon: the claim's id, to pay with; null when refused. */
export async function claimCoupon(
  { call, api }: Client,
  playerToken: string,
  couponId: number,
): Promise<number | null> {
  const res = await call(api.player.claimCoupon, { coupon_id: couponId }, { player_token: playerToken });
  return res.status === 0 ? (res.data as { id: number }).id : null;
}

/**
 * A merchant who manages coupons only (no draw machines or goods): a draw coupon of each of its
 * brands, claimed by the crowd's players; every other claimer spends it on a draw of one of the
 * brand's machines on sale (the player's catalogue), so the coupon list shows coupons both claimed
 * and used. Answers how many claims were made and how many were spent.
 */
export async function simulateCouponClaims(
  client: Client,
  opts: { web_token: string; ipIds: number[]; players: number; log?: (line: string) => void },
): Promise<{ claims: number; uses: number; errors: number }> {
  const { call, api } = client;
  const out = { claims: 0, uses: 0, errors: 0 };
  for (const ipId of opts.ipIds) {
    const couponId = await shopperCoupon(client, opts.web_token, ipId, 'draw');
    if (couponId === null) continue;
    const onSale = await call(api.player.machines, { ip_id: ipId });
    const machine = onSale.data?.list[0];
    for (let i = 0; i < opts.players; i++) {
      const phone = `186${String(Date.now() % 100000).padStart(5, '0')}${String(i).padStart(3, '0')}`;
      const login = await call(api.player.login, { phone, code: simulatedPlayerCode(), nickname: `领券玩家${i}` });
      if (login.status !== 0) continue;
      const token = (login.data as { player_token: string }).player_token;
      const claim = await claimCoupon(client, token, couponId);
      if (claim === null) continue;
      out.claims += 1;
      if (i % 2 !== 0 || !machine) continue;
      const drawn = await call(
        api.player.draw,
        { batch_id: machine.id, use_bean: 0, coupon_id: claim },
        { player_token: token },
      );
      if (drawn.status === 0) out.uses += 1;
      else {
        out.errors += 1;
        opts.log?.(`coupons: draw ${machine.id}: ${drawn.msg}`);
      }
    }
  }
  opts.log?.(
    `coupons: ${out.claims} claims of the coupons of ${opts.ipIds.length} brand(s), ${out.uses} spent on draws`,
  );
  return out;
}

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { type AllocStyle, arrangeCases, type Counts, seedHash } from '../allocation.js';
import { COUNTRY_CODES } from '../constants.js';
import { datetime, id, optionalId, smallint, strictNumber } from '../fields.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { FREIGHT_CURRENCY_CODES } from './freight.js';

const m = messages.drawMachine;
const pm = messages.player;

/** The header carrying a player's session (players are not merchants: no web_token). */
export const PLAYER_TOKEN_HEADER = 'player_token';

export const playerSession = z.object({
  player_token: z.string(),
  player: z.object({ id: z.number().int(), nickname: z.string(), coins: z.number() }),
});

export const drawResult = z.object({
  order_sn: z.string(),
  batch_id: z.number().int(),
  case_no: z.number().int(),
  position: z.number().int(),
  goods: z.object({ id: z.number().int(), goods_title: z.string(), goods_pic: z.string(), type: z.number().int() }),
  /** Yuan: list price, coins deducted, paid. */
  price: z.number(),
  bean: z.number(),
  paid: z.number(),
  /** Yuan taken off by the coupon used (0 without one); borne by the merchant. */
  discount: z.number(),
  deposit_id: z.number().int(),
});
export type DrawResult = z.infer<typeof drawResult>;

/** A draw machine on sale, as a player's catalogue shows it (player.machines). */
export const playerMachine = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  pic: z.string(),
  /** Yuan: the price of a draw and the most coins one draw may deduct (0: coins not used). */
  price: z.number(),
  bean: z.number(),
  /** Boxes left to draw. */
  surplus_num: z.number().int(),
  shelves_time: datetime(),
  seed_hash: z.string(),
});
export type PlayerMachine = z.infer<typeof playerMachine>;

export const depositItem = z.object({
  id: z.number().int(),
  /** The draw machine, or null for an ichiban-kuji prize (kuji_id). */
  batch_id: z.number().int().nullable(),
  kuji_id: z.number().int().nullable(),
  title: z.string(),
  goods_title: z.string(),
  goods_pic: z.string(),
  /** Spec 02 deposit state: 3 depositing, 0 not shipped, 1 shipped, 2 received. */
  state: z.number().int(),
  created_at: datetime(),
});

/**
 * The player's login by one-time code (player.code, then player.login): the code's length, life and
 * tries, and the throttles. Sends are limited per phone (one per resend interval, `sendsPerPhone` a
 * window) and per address (`sendsPerAddress` a window); wrong codes per address (`failuresPerAddress`
 * a window). A phone is never locked by wrong codes from elsewhere: a code takes `codeTries` tries
 * and then needs a new one.
 */
export const PLAYER_LOGIN = {
  codeDigits: 6,
  codeMinutes: 5,
  codeTries: 5,
  resendSeconds: 60,
  windowMinutes: 10,
  sendsPerPhone: 5,
  sendsPerAddress: 20,
  failuresPerAddress: 20,
} as const;

/** The demo code accepted for any phone while demo mode is on (`PLAYER_DEMO_CODE`). */
export const PLAYER_DEMO_CODE = '000000';

const phone = z
  .string({ error: pm.phoneRequired })
  .trim()
  .regex(/^\d{6,20}$/, pm.phoneRequired);

export const playerRoutes = {
  code: defineRoute({
    operationId: 'player.code',
    method: 'POST',
    path: '/player/code',
    summary: '发送登录验证码（6位，5分钟内有效，最多尝试5次；按手机号与来源地址限流）',
    access: 'public',
    body: z.object({ phone }),
    response: z.object({
      /** Seconds until another code may be asked for this phone. */
      resend_after: z.number().int(),
      /** Seconds the code stays valid. */
      expires_in: z.number().int(),
    }),
  }),
  login: defineRoute({
    operationId: 'player.login',
    method: 'POST',
    path: '/player/login',
    summary: '玩家登录（手机号 + 验证码；新玩家自动注册），返回 player_token',
    access: 'public',
    body: z.object({
      phone,
      code: z
        .string({ error: pm.codeRequired })
        .trim()
        .regex(/^\d{6}$/, pm.codeRequired),
      nickname: z.string().trim().max(30).default(''),
    }),
    response: playerSession,
  }),
  machines: defineRoute({
    operationId: 'player.machines',
    method: 'GET',
    path: '/player/box/list',
    summary: '在售抽盒机（已上架、已到发售时间、仍有盒）及剩余盒数',
    access: 'public',
    query: z.object({ ip_id: optionalId() }),
    response: z.object({ list: z.array(playerMachine) }),
  }),
  draw: defineRoute({
    operationId: 'player.draw',
    method: 'POST',
    path: '/player/draw',
    summary: '抽一个盒（按种子确定的顺序取下一个盒），生成活动类型13的已支付订单，奖品进入盒柜',
    access: 'public',
    body: z.object({
      batch_id: id(),
      use_bean: strictNumber().int().min(0).max(1).default(1),
      /**
       * One of the player's claimed coupons (player.coupons → mine[].id), for this draw. A draw is
       * one box, so a first_only (single draw only) coupon always holds here.
       */
      coupon_id: optionalId(),
    }),
    response: drawResult,
  }),
  deposit: defineRoute({
    operationId: 'player.deposit',
    method: 'GET',
    path: '/player/deposit',
    summary: '玩家盒柜（寄存中的商品及提货状态）',
    access: 'public',
    query: z.object({ state: smallint().optional() }),
    response: z.object({ list: z.array(depositItem) }),
  }),
  pickup: defineRoute({
    operationId: 'player.pickup',
    method: 'POST',
    path: '/player/pickup',
    summary:
      '提货：盒柜中的商品生成待发货的提货单。国内（不传 country）运费按品牌寄存设置；海外（country 为运费国家）按品牌该国的运费模板，泰国收泰铢，其余收美元',
    access: 'public',
    body: z.object({
      deposit_ids: z.array(id()).min(1, m.depositsRequired).max(100),
      username: z.string().trim().min(1, m.addressRequired).max(50),
      phone: z.string().trim().min(1, m.addressRequired).max(30),
      province: z.string().trim().max(30).default(''),
      city: z.string().trim().max(30).default(''),
      area: z.string().trim().max(30).default(''),
      address: z.string().trim().min(1, m.addressRequired).max(200),
      /** An overseas pickup's destination (a freight country); absent for a domestic pickup. */
      country: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.enum(COUNTRY_CODES, { message: messages.freight.countryRequired }).optional(),
      ),
    }),
    response: z.object({
      order_sn: z.string(),
      goods_nums: z.number().int(),
      /** Freight in the main unit of `currency` (0 free shipping). */
      deposit: z.number(),
      currency: z.enum(FREIGHT_CURRENCY_CODES),
    }),
  }),
};

/* ---------------------------------- fairness (公示) ---------------------------------- */

export const drawRecord = z.object({
  seq: z.number().int(),
  allocation_id: z.number().int(),
  case_no: z.number().int(),
  position: z.number().int(),
  style_id: z.number().int(),
  order_sn: z.string(),
  drawn_at: z.string(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type DrawRecord = z.infer<typeof drawRecord>;

export const fairnessAllocation = z.object({
  id: z.number().int(),
  seed_hash: z.string(),
  /** Revealed when the machine has sold out or was ended; null before. */
  seed: z.string().nullable(),
  box_num: z.number().int(),
  limit_stock: z.number().int(),
  /** The first case number of this allocation in the machine (1 for the release). */
  first_case: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
});

export const fairnessLog = z.object({
  batch_id: z.number().int(),
  title: z.string(),
  seed_hash: z.string(),
  off: z.number().int(),
  /** The template's styles in template order (the arrangement's input). */
  styles: z.array(z.object({ id: z.number().int(), type: z.number().int(), probability: z.number().int().nullable() })),
  allocations: z.array(fairnessAllocation),
  removed_cases: z.array(z.number().int()),
  records: z.array(drawRecord),
});
export type FairnessLog = z.infer<typeof fairnessLog>;

export const fairnessRoutes = {
  log: defineRoute({
    operationId: 'fairness.log',
    method: 'GET',
    path: '/public/box/fairness',
    summary: '公示：抽盒机的种子哈希、已揭示的种子与抽盒记录链（无需登录）',
    access: 'public',
    signed: false,
    query: z.object({ batch_id: id() }),
    response: fairnessLog,
  }),
};

/** The fields of a record that its hash covers, in this order, joined by '|'. */
export function recordHash(prevHash: string, r: Omit<DrawRecord, 'prev_hash' | 'hash'>): string {
  const line = [prevHash, r.seq, r.allocation_id, r.case_no, r.position, r.style_id, r.order_sn, r.drawn_at].join('|');
  return bytesToHex(sha256(utf8ToBytes(line)));
}

/**
 * The verifier: every allocation's seed matches its commitment, the arrangement recomputed from
 * the seed (arrangeCases) gives each drawn box's style, draws go box by box in order (skipping
 * removed cases), and every record chains to the previous one (the first to the machine's
 * seed_hash). Answers null when all holds, else the first failure.
 */
export function verifyFairness(log: FairnessLog): { seq: number; reason: string } | null {
  const styles: AllocStyle[] = log.styles;
  const boxes = new Map<number, { alloc: number; styles: number[] }>();
  for (const a of log.allocations) {
    if (a.seed === null) return { seq: 0, reason: `allocation ${a.id}: seed not revealed yet` };
    if (seedHash(a.seed) !== a.seed_hash)
      return { seq: 0, reason: `allocation ${a.id}: seed does not match seed_hash` };
    const counts = Object.fromEntries(Object.entries(a.counts).map(([k, v]) => [Number(k), v])) as Counts;
    const cases = arrangeCases(a.seed, styles, counts, a.box_num, a.limit_stock);
    for (const [i, c] of cases.entries()) boxes.set(a.first_case + i, { alloc: a.id, styles: c });
  }
  const removed = new Set(log.removed_cases);
  const order = [...boxes.keys()].filter((c) => !removed.has(c)).sort((a, b) => a - b);
  let caseIdx = 0;
  let pos = 0;
  let prev = log.seed_hash;
  for (const [i, r] of log.records.entries()) {
    const expectSeq = i + 1;
    if (r.seq !== expectSeq) return { seq: r.seq, reason: `seq ${r.seq}, expected ${expectSeq}` };
    if (r.prev_hash !== prev) return { seq: r.seq, reason: 'prev_hash does not match the previous record' };
    const { prev_hash: _p, hash: _h, ...fields } = r;
    if (recordHash(prev, fields) !== r.hash) return { seq: r.seq, reason: 'hash does not match the record' };
    const caseNo = order[caseIdx];
    if (caseNo === undefined) return { seq: r.seq, reason: 'more draws than boxes' };
    if (r.case_no !== caseNo || r.position !== pos)
      return { seq: r.seq, reason: `drew case ${r.case_no} #${r.position}, expected case ${caseNo} #${pos}` };
    const box = boxes.get(caseNo)!;
    if (box.alloc !== r.allocation_id) return { seq: r.seq, reason: 'allocation does not match the case' };
    if (box.styles[pos] !== r.style_id)
      return { seq: r.seq, reason: `style ${r.style_id}, the seed gives ${box.styles[pos]}` };
    pos += 1;
    if (pos >= box.styles.length) {
      pos = 0;
      caseIdx += 1;
    }
    prev = r.hash;
  }
  return null;
}

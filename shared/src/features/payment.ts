import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { buildRequest, type SignedRequest } from '../client.js';
import { datetime, strictNumber } from '../fields.js';
import { defineRoute } from '../route.js';
import { canonical, type SignParams } from '../sign.js';

/**
 * Payments (issue 29): every paid player action — draw-machine draws, kuji tickets, release-sale
 * orders (the deposit and the final payment of a pre-sale are two) — has one payment record
 * (table payments). Coins used as a deduction leave the balance in the action's transaction; the
 * money part is paid through the payment channel, and a payment is paid only on the channel's
 * verified notification (`POST /open/payment/notify`). The embedded sandbox channel confirms at
 * once, so `npm start` and the simulator pay as soon as they ask.
 */

/** A payment's state: 0 waiting for the channel, 1 paid, 2 closed (the order cancelled or timed out). */
export const PAYMENT_STATE = { pending: 0, paid: 1, closed: 2 } as const;
export const PAYMENT_STATES = [
  { value: 0, label: '待支付' },
  { value: 1, label: '已支付' },
  { value: 2, label: '已关闭' },
] as const;

/** What a payment pays for. */
export const PAYMENT_KINDS = ['draw', 'kuji', 'order'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How far a notification's `mt` may be from the API's clock, seconds. */
export const PAYMENT_SIGN_WINDOW_SECONDS = 300;

/**
 * The channel's signature of a notification: hex(HMAC-SHA256(secret, path + "\n" + mt + "\n" +
 * canonical(body))), in headers `sign` and `mt` (as the marketplaces sign theirs).
 */
export function paymentSign(secret: string, path: string, mt: string, params: SignParams): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${path}\n${mt}\n${canonical(params)}`)));
}

export const paymentWire = z.object({
  pay_sn: z.string(),
  order_sn: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** Yuan: coins deducted, and the money part paid through the channel. */
  coins: z.number(),
  amount: z.number(),
  state: z.number().int(),
  /** Where the player pays the money part (a channel that confirms later); '' once paid or for the sandbox. */
  pay_url: z.string(),
  created_at: datetime(),
  paid_at: datetime().nullable(),
});
export type PaymentWire = z.infer<typeof paymentWire>;

export const paymentNotifyBody = z.object({
  pay_sn: z.string().trim().min(1).max(64),
  /** Yuan received by the channel: must equal the payment's amount. */
  amount: strictNumber().min(0).max(21474836.47),
  /** The channel's own transaction number. */
  trade_no: z.string().trim().min(1).max(64),
});

export const paymentRoutes = {
  notify: defineRoute({
    operationId: 'payment.notify',
    method: 'POST',
    path: '/open/payment/notify',
    summary: '支付渠道的支付结果通知（渠道密钥签名）：验证通过后支付单变为已支付，订单随之支付',
    access: 'public',
    signed: false,
    body: paymentNotifyBody,
    response: z.object({ pay_sn: z.string(), state: z.number().int() }),
  }),
};

export const playerPaymentRoutes = {
  payments: defineRoute({
    operationId: 'player.payments',
    method: 'GET',
    path: '/player/payments',
    summary: '玩家的支付单（按订单号），含待支付的支付地址',
    access: 'public',
    query: z.object({ order_sn: z.string().trim().min(1).max(64) }),
    response: z.object({ list: z.array(paymentWire) }),
  }),
};

/** A signed notification (the channel's side; tests and the simulator): `fetch(baseUrl + url, init)`. */
export function paymentNotifyRequest(
  secret: string,
  body: z.input<typeof paymentNotifyBody>,
  opts: { baseUrl?: string; now?: number } = {},
): SignedRequest {
  const path = paymentRoutes.notify.path;
  const mt = String(Math.floor((opts.now ?? Date.now()) / 1000));
  return buildRequest({ method: 'POST', path, signed: false }, body, {
    baseUrl: opts.baseUrl,
    secret,
    headers: { sign: paymentSign(secret, path, mt, body), mt },
  });
}

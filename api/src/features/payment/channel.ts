import { messages } from '@toy/shared';
import type { PaymentConfig } from '../../config.js';
import { httpError } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';

/**
 * The payment channel (config PAYMENT_PROVIDER): how the money part of a paid player action is
 * paid. Either way the channel's word is a signed notification (`paymentSign` with its secret) to
 * POST /open/payment/notify; only a verified one marks a payment paid.
 *
 * - sandbox (the embedded demo default): confirms at once, in the action's own transaction, so
 *   draws, kuji tickets and orders are paid as soon as they are asked (npm start, the simulator).
 * - gateway: the operator's payment gateway. The player pays at `PAYMENT_PAY_URL?pay_sn=&amount=`
 *   and the gateway notifies; until then the payment and its order stay unpaid. A draw is decided
 *   in its own transaction, so through a gateway its money part must be 0 (coins cover it).
 */
export interface PaymentChannel {
  readonly provider: PaymentConfig['provider'];
  /** Confirms in the action's transaction: no notification to wait for. */
  readonly instant: boolean;
  /** Where the player pays a pending payment. */
  payUrl(paySn: string, amount: number): string;
}

export function channelOf(config: PaymentConfig): PaymentChannel {
  if (config.provider === 'gateway') {
    return {
      provider: 'gateway',
      instant: false,
      payUrl: (paySn, amount) => {
        const url = new URL(config.payUrl);
        url.searchParams.set('pay_sn', paySn);
        url.searchParams.set('amount', fenToYuan(amount).toFixed(2));
        return url.toString();
      },
    };
  }
  return { provider: 'sandbox', instant: true, payUrl: () => '' };
}

/** The demo seed's channel. */
export const SANDBOX_CHANNEL: PaymentChannel = { provider: 'sandbox', instant: true, payUrl: () => '' };

/**
 * The coins a draw or ticket deducts (fen): none unless asked for; asked for, the activity's
 * deduction (at most its price), and a balance short of it refuses the whole action.
 */
export function coinsToDeduct(useBean: boolean, deduction: number, price: number, balance: number): number {
  if (!useBean) return 0;
  const need = Math.max(0, Math.min(deduction, price));
  if (balance < need) throw httpError(400, messages.payment.notEnoughCoins(coinText(need), coinText(balance)));
  return need;
}

/** 1 coin = 1 yuan: 1500 fen reads 15, 250 fen 2.5. */
const coinText = (fen: number) => String(fenToYuan(fen));

/** A draw's money part must be confirmed in its transaction: refused through a channel that cannot. */
export function refuseDeferred(channel: PaymentChannel, amount: number): Error | null {
  return amount > 0 && !channel.instant ? httpError(409, messages.payment.instantUnsupported) : null;
}

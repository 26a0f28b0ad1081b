/**
 * The public face of payment/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */

export type { PaymentChannel } from './channel.js';
export { channelOf, coinsToDeduct, refuseDeferred, SANDBOX_CHANNEL } from './channel.js';
export { closePayments, lockBalances, lockMoreBalances, lockPayment, orderPayment, paidInsert } from './record.js';

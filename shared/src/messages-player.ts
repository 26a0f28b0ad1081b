/**
 * The messages of the player's login by one-time code and of payments (issue 29), part of the one
 * catalogue (`messages.player`, `messages.payment`).
 */
export const playerMessages = {
  phoneRequired: '请输入手机号',
  codeRequired: '请输入6位验证码',
  /** No live code for the phone (never sent, used, or replaced). */
  codeMissing: '请先获取验证码',
  codeWrong: '验证码错误',
  codeExpired: '验证码已过期，请重新获取',
  codeTriesUsed: '验证码错误次数过多，请重新获取',
  codeTooSoon: (seconds: number) => `验证码已发送，请${seconds}秒后再试`,
  codeTooMany: '验证码发送过于频繁，请稍后再试',
  loginTooMany: '登录尝试过于频繁，请稍后再试',
  smsFailed: '验证码发送失败，请稍后再试',
  /** The text of the SMS. */
  smsText: (code: string, minutes: number) => `您的登录验证码为${code}，${minutes}分钟内有效，请勿泄露给他人。`,
};

export const paymentMessages = {
  /** Coins asked for as a deduction but the balance is short: nothing is drawn or bought. */
  notEnoughCoins: (need: string, have: string) =>
    `金币不足：需抵扣${need}金币，当前余额${have}金币，请取消金币抵扣后再试`,
  /** A draw is paid at once; a payment channel that confirms only later cannot take a draw's money part. */
  instantUnsupported: '当前支付渠道不支持即时支付，请使用金币抵扣全部金额',
  paymentMissing: '支付单不存在',
  amountMismatch: '支付金额与支付单不符',
  paymentClosed: '支付单已关闭',
};

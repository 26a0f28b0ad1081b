import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config.js';

/** How a login code reaches the player's phone (config SMS_PROVIDER). */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

/** The embedded default: the text is written to the API's log (a demo and local stand-in). */
export const logSms = (log: FastifyBaseLogger): SmsProvider => ({
  name: 'log',
  async send(phone, text) {
    log.info({ phone }, `sms to ${phone}: ${text}`);
  },
});

/**
 * The operator's SMS gateway: a JSON POST of `{phone, text}` with header `sign` =
 * hex(HMAC-SHA256(SMS_WEBHOOK_SECRET, body)); any answer but 2xx is a failure.
 */
export const webhookSms = (url: string, secret: string): SmsProvider => ({
  name: 'webhook',
  async send(phone, text) {
    const body = JSON.stringify({ phone, text });
    const sign = createHmac('sha256', secret).update(body).digest('hex');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', sign },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  },
});

export function smsProviderOf(config: SmsConfig, log: FastifyBaseLogger): SmsProvider {
  if (config.provider === 'webhook' && config.webhookUrl && config.webhookSecret)
    return webhookSms(config.webhookUrl, config.webhookSecret);
  return logSms(log);
}

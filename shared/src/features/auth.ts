import { z } from 'zod';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';

const m = messages.auth;

/** The login session the console keeps (cookies web_token, auth_type, per_ids, user_avatar). */
export const session = z.object({
  name: z.string(),
  web_token: z.string(),
  avatar: z.string(),
  type: z.number().int(),
  per_ids: z.array(z.number().int()),
});
export type Session = z.infer<typeof session>;

export const qrToken = z.object({
  token: z.string(),
  /** Unix seconds at which the QR stops working. */
  expire_time: z.number().int(),
  /** The URL the QR encodes: the API's mobile confirmation page. */
  qr_url: z.string(),
  /** The server's clock (unix seconds), so the page measures expiry on the server's time. */
  now: z.number().int(),
});

const credentials = z.object({
  email: z.string({ error: m.emailRequired }).trim().min(1, m.emailRequired).max(200),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(200),
});

export const authRoutes = {
  qrToken: defineRoute({
    operationId: 'auth.qrToken',
    method: 'GET',
    path: '/web/helper/web/token',
    summary: '获取扫码登录二维码',
    access: 'public',
    response: qrToken,
  }),
  qrLogin: defineRoute({
    operationId: 'auth.qrLogin',
    method: 'POST',
    path: '/web/helper/web/token/login',
    summary: '轮询扫码登录结果',
    access: 'public',
    body: z.object({ token: z.string({ error: m.qrInvalid }).min(1, m.qrInvalid).max(100) }),
    response: z.object({ is_login: z.union([z.literal(0), z.literal(1)]), info: session.nullable() }),
  }),
  qrConfirm: defineRoute({
    operationId: 'auth.qrConfirm',
    method: 'POST',
    path: '/web/helper/web/token/confirm',
    summary: '手机端确认扫码登录（账号密码即凭证，不签名）',
    access: 'public',
    signed: false,
    body: credentials.extend({ token: z.string({ error: m.qrInvalid }).min(1, m.qrInvalid).max(100) }),
    response: z.object({ name: z.string() }),
  }),
  login: defineRoute({
    operationId: 'auth.login',
    method: 'POST',
    path: '/auth/login',
    summary: '账号密码登录',
    access: 'public',
    body: credentials,
    response: session,
  }),
  logout: defineRoute({
    operationId: 'auth.logout',
    method: 'POST',
    path: '/auth/logout',
    summary: '退出登录',
    access: 'session',
    body: z.object({}).optional(),
    response: z.null(),
  }),
};

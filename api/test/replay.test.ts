import { api, buildRequest, DEV_APP_SECRET, messages, sign } from '@toy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSignatures } from '../src/db/schema.js';
import { pruneSignatures } from '../src/http/replay.js';
import { goodsPic } from './goods-helpers.js';
import { brandIds, call, login, makeApp, unique } from './helpers.js';

let app: FastifyInstance;
let token: string;
let goodsId: number;
beforeAll(async () => {
  app = await makeApp();
  token = (await login(app, 'brand@demo.local')).web_token;
  const [brand] = (await brandIds(app, token, 14)) as [number];
  const pic = await goodsPic(app, token);
  const created = await call(
    app,
    api.goods.save,
    { ip_id: brand, title: unique('补货'), price: 9.9, pic, is_overseas: 0, stock_limit: 1, stock: 10 },
    { token },
  );
  goodsId = created.body.data.id;
});
afterAll(() => app.close());

const stockOf = async () =>
  (await call(app, api.goods.detail, { id: goodsId }, { token })).body.data.goods.stock as number;

/** One signed request, sent as it is (the same headers and body each time). */
const send = (request: ReturnType<typeof buildRequest>) =>
  app.inject({
    method: request.init.method,
    url: request.url,
    headers: request.init.headers,
    payload: request.init.body,
  });

const plusOne = { stock_limit: 1, action: 1, num: 1 };

describe('replayed signed writes', () => {
  it('the same signed stock +1 sent three times applies once; the copies are refused with the message', async () => {
    const before = await stockOf();
    const request = buildRequest(api.goods.stock, { ...plusOne, id: goodsId }, { secret: DEV_APP_SECRET, token });
    const answers = [await send(request), await send(request), await send(request)];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 409]);
    expect(answers[1]!.json()).toEqual({ status: 409, msg: messages.guard.replayed, data: null });
    expect(answers[2]!.json().msg).toBe('请求已失效，请勿重复提交');
    expect(await stockOf()).toBe(before + 1);
  });

  it('copies sent at the same moment are recorded together, and still only one applies', async () => {
    const before = await stockOf();
    const request = buildRequest(api.goods.stock, { ...plusOne, id: goodsId }, { secret: DEV_APP_SECRET, token });
    const other = buildRequest(api.goods.stock, { ...plusOne, id: goodsId }, { secret: DEV_APP_SECRET, token });
    const answers = await Promise.all([send(request), send(other), send(request), send(request)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect(answers[1]!.statusCode).toBe(200);
    expect(await stockOf()).toBe(before + 2);
  });

  it('a signed write without a nonce is refused the second time too', async () => {
    const before = await stockOf();
    const body = { ...plusOne, id: goodsId };
    const mt = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      web_token: token,
      mt,
      sign: sign(api.goods.stock.path, DEV_APP_SECRET, mt, body),
    };
    const first = await app.inject({ method: 'POST', url: api.goods.stock.path, headers, payload: body });
    const again = await app.inject({ method: 'POST', url: api.goods.stock.path, headers, payload: body });
    expect([first.statusCode, again.statusCode]).toEqual([200, 409]);
    expect(await stockOf()).toBe(before + 1);
  });

  it('two identical writes made by the client in the same second both apply (each has its own nonce)', async () => {
    const before = await stockOf();
    const now = Date.now();
    const a = buildRequest(api.goods.stock, { ...plusOne, id: goodsId }, { secret: DEV_APP_SECRET, token, now });
    const b = buildRequest(api.goods.stock, { ...plusOne, id: goodsId }, { secret: DEV_APP_SECRET, token, now });
    expect(a.init.headers.mt).toBe(b.init.headers.mt);
    expect(a.init.headers.nonce).not.toBe(b.init.headers.nonce);
    expect(a.init.headers.sign).not.toBe(b.init.headers.sign);
    expect((await send(a)).statusCode).toBe(200);
    expect((await send(b)).statusCode).toBe(200);
    expect(await stockOf()).toBe(before + 2);
  });

  it('a nonce is part of the signature: changing it breaks the sign', async () => {
    const request = buildRequest(api.goods.stock, { ...plusOne, id: goodsId }, { secret: DEV_APP_SECRET, token });
    const forged = {
      ...request,
      init: { ...request.init, headers: { ...request.init.headers, nonce: 'another-nonce-123' } },
    };
    const res = await send(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(messages.common.signInvalid);
    const malformed = { ...request, init: { ...request.init, headers: { ...request.init.headers, nonce: 'x;y' } } };
    expect((await send(malformed)).json()).toEqual({ status: 400, msg: messages.guard.badNonce, data: null });
  });

  it('reads are not replay-checked: the same signed GET answers every time', async () => {
    const request = buildRequest(api.goods.detail, { id: goodsId }, { secret: DEV_APP_SECRET, token });
    for (let i = 0; i < 3; i++) expect((await send(request)).statusCode).toBe(200);
  });

  it('signatures are kept only while their window lasts', async () => {
    await app.db.insert(requestSignatures).values([
      { sign: `old-${unique()}`, signedAt: new Date(Date.now() - 20 * 60_000) },
      { sign: `new-${unique()}`, signedAt: new Date() },
    ]);
    const stale = sql`${requestSignatures.signedAt} < now() - interval '10 minutes'`;
    expect((await app.db.select().from(requestSignatures).where(stale)).length).toBeGreaterThan(0);
    expect(await pruneSignatures(app.db)).toBeGreaterThan(0);
    expect(await app.db.select().from(requestSignatures).where(stale)).toEqual([]);
    expect((await app.db.select().from(requestSignatures)).length).toBeGreaterThan(0);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'holds across two API copies on one database',
    async () => {
      const other = await makeApp();
      try {
        const before = await stockOf();
        const request = buildRequest(api.goods.stock, { ...plusOne, id: goodsId }, { secret: DEV_APP_SECRET, token });
        const here = await send(request);
        const there = await other.inject({
          method: request.init.method,
          url: request.url,
          headers: request.init.headers,
          payload: request.init.body,
        });
        expect([here.statusCode, there.statusCode]).toEqual([200, 409]);
        expect(await stockOf()).toBe(before + 1);
      } finally {
        await other.close();
      }
    },
    120_000,
  );
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, buildRequest, createClient, defineRoute, isAbort, NONCE_PATTERN, sign } from '../src/index.js';

const SECRET = 'test-secret';

const list = defineRoute({
  operationId: 'thing.list',
  method: 'GET',
  path: '/web/thing/list',
  summary: 'list',
  access: 'session',
  query: z.object({ ip_id: z.number(), title: z.string().optional(), ids: z.array(z.number()).optional() }),
  response: z.object({ list: z.array(z.object({ id: z.number() })), total: z.coerce.number() }),
});
const save = defineRoute({
  operationId: 'thing.save',
  method: 'POST',
  path: '/web/thing/save',
  summary: 'save',
  access: 'session',
  body: z.object({ title: z.string(), note: z.string().nullish(), tags: z.array(z.string()).optional() }),
  response: z.object({ id: z.number() }),
});
const confirm = defineRoute({
  operationId: 'thing.confirm',
  method: 'POST',
  path: '/m/thing/confirm',
  summary: 'confirm',
  access: 'public',
  signed: false,
  body: z.object({ token: z.string() }),
  response: z.null(),
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The answers of the tiny server, by path: HTTP status and raw body. */
const answers: Record<string, { code: number; body: string; delayMs?: number }> = {};
const envelope = (data: unknown, status = 0, msg = 'ok') => JSON.stringify({ status, msg, data });
let seen: Seen[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = answers[req.url!.split('?')[0]!] ?? { code: 404, body: envelope(null, 404, '数据不存在') };
      setTimeout(() => {
        res.writeHead(answer.code, { 'content-type': 'application/json' });
        res.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const last = () => seen.at(-1)!;
/** What the API does: sign over the query it parsed (strings) or the JSON body it parsed. */
const serverSign = (s: Seen) => {
  const [path, query = ''] = s.url.split('?') as [string, string?];
  const params = s.method === 'GET' ? Object.fromEntries(new URLSearchParams(query)) : JSON.parse(s.body);
  const nonce = s.headers.nonce === undefined ? undefined : String(s.headers.nonce);
  return sign(path, SECRET, String(s.headers.mt), params, nonce);
};

describe('createClient().call', () => {
  it('GET: the cleaned input as the query, signed over exactly what is sent, with web_token', async () => {
    answers[list.path] = { code: 200, body: envelope({ list: [{ id: 1 }], total: '2' }) };
    seen = [];
    const client = createClient({ baseUrl: `${base}/`, secret: SECRET, token: () => 'tok-1' });
    const before = Math.floor(Date.now() / 1000);
    const data = await client.call(list, { ip_id: 3, title: '', ids: [1, 2], extra: null } as never);
    expect(data).toEqual({ list: [{ id: 1 }], total: 2 });
    const s = last();
    expect(s.method).toBe('GET');
    expect(s.url).toBe(`${list.path}?ip_id=3&ids=${encodeURIComponent('[1,2]')}`);
    expect(s.body).toBe('');
    expect(s.headers.web_token).toBe('tok-1');
    expect(Number(s.headers.mt)).toBeGreaterThanOrEqual(before);
    expect(Number(s.headers.mt)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(s.headers.sign).toBe(sign(list.path, SECRET, String(s.headers.mt), { ip_id: 3, ids: [1, 2] }));
    expect(s.headers.sign).toBe(serverSign(s));
    expect(s.headers['content-type']).toBeUndefined();
    expect(s.headers.nonce).toBeUndefined();
  });

  it('POST: the cleaned input as a JSON body (empty strings kept, null dropped), signed', async () => {
    answers[save.path] = { code: 200, body: envelope({ id: 7 }) };
    const client = createClient({ baseUrl: base, secret: SECRET, token: 'tok-2', headers: { 'x-app': 'a' } });
    const data = await client.call(save, { title: '', note: null, tags: ['上海'] });
    expect(data).toEqual({ id: 7 });
    const s = last();
    expect(s.method).toBe('POST');
    expect(s.url).toBe(save.path);
    expect(JSON.parse(s.body)).toEqual({ title: '', tags: ['上海'] });
    expect(s.headers['content-type']).toBe('application/json');
    expect(s.headers['x-app']).toBe('a');
    expect(s.headers.web_token).toBe('tok-2');
    // A write signs a fresh nonce too, so the same write sent twice in one second is not a replay.
    expect(String(s.headers.nonce)).toMatch(NONCE_PATTERN);
    expect(s.headers.sign).toBe(
      sign(save.path, SECRET, String(s.headers.mt), { title: '', tags: ['上海'] }, String(s.headers.nonce)),
    );
    expect(s.headers.sign).toBe(serverSign(s));
    await client.call(save, { title: '', note: null, tags: ['上海'] });
    expect(last().headers.nonce).not.toBe(s.headers.nonce);
    expect(last().headers.sign).not.toBe(s.headers.sign);
  });

  it('a route declared signed: false carries no sign or mt; no token, no web_token', async () => {
    answers[confirm.path] = { code: 200, body: envelope(null) };
    const client = createClient({ baseUrl: base, secret: SECRET });
    expect(await client.call(confirm, { token: 'qr' })).toBeNull();
    expect(last().headers).not.toHaveProperty('sign');
    expect(last().headers).not.toHaveProperty('mt');
    expect(last().headers).not.toHaveProperty('web_token');
  });

  it('the token function is read at each call; a call may carry its own token', async () => {
    let token: string | undefined;
    const client = createClient({ baseUrl: base, secret: SECRET, token: () => token });
    await client.call(save, { title: 'a' });
    expect(last().headers).not.toHaveProperty('web_token');
    token = 'later';
    await client.call(save, { title: 'a' });
    expect(last().headers.web_token).toBe('later');
    await client.call(save, { title: 'a' }, { token: 'own', headers: { player_token: 'p' } });
    expect(last().headers.web_token).toBe('own');
    expect(last().headers.player_token).toBe('p');
  });

  it('data that does not match the response schema passes through, or fails when strict', async () => {
    answers[list.path] = { code: 200, body: envelope({ list: 'not a list' }) };
    const client = createClient({ baseUrl: base, secret: SECRET });
    expect(await client.call(list, { ip_id: 1 })).toEqual({ list: 'not a list' });
    const error = await client.call(list, { ip_id: 1 }, { strict: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, operationId: 'thing.list' });
  });
});

describe('errors', () => {
  const client = () => createClient({ baseUrl: base, secret: SECRET });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('resolved');
      },
      (e: unknown) => e as ApiError,
    );

  it('a non-zero envelope is ApiError(msg, status, operationId)', async () => {
    answers[save.path] = { code: 409, body: envelope(null, 409, '状态已变更') };
    const error = await failure(client().call(save, { title: 'a' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '状态已变更', status: 409, operationId: 'thing.save', name: 'ApiError' });
  });

  it('an envelope with status 401 under HTTP 200 is still a failure', async () => {
    answers[save.path] = { code: 200, body: envelope(null, 401, '登录失效，请重新登录') };
    expect(await failure(client().call(save, { title: 'a' }))).toMatchObject({ status: 401 });
  });

  it('an HTTP error without an envelope carries the HTTP status', async () => {
    answers[save.path] = { code: 502, body: '<html>Bad Gateway</html>' };
    expect(await failure(client().call(save, { title: 'a' }))).toMatchObject({ message: 'HTTP 502', status: 502 });
    answers[save.path] = { code: 200, body: '{"ok":true}' };
    expect(await failure(client().call(save, { title: 'a' }))).toMatchObject({ status: 200 });
  });

  it('no answer (connection refused) is status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      createClient({ baseUrl: `http://127.0.0.1:${port}`, secret: SECRET }).call(save, { title: 'a' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, operationId: 'thing.save' });
  });

  it('a timeout is status 0; the caller aborting rejects with the AbortError itself', async () => {
    answers[save.path] = { code: 200, body: envelope({ id: 1 }), delayMs: 300 };
    const slow = createClient({ baseUrl: base, secret: SECRET, timeoutMs: 50 });
    expect(await failure(slow.call(save, { title: 'a' }))).toMatchObject({ status: 0 });
    const controller = new AbortController();
    const pending = failure(slow.call(save, { title: 'a' }, { signal: controller.signal }));
    controller.abort();
    const aborted = await pending;
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect(isAbort(aborted)).toBe(true);
    answers[save.path] = { code: 200, body: envelope({ id: 1 }) };
  });
});

describe('send and signedRequest', () => {
  it('send answers the HTTP status and the body, errors included, for a declared route or a bare path', async () => {
    answers[save.path] = { code: 409, body: envelope(null, 409, '冲突') };
    const client = createClient({ baseUrl: base, secret: SECRET });
    expect(await client.send(save, { title: 'a' })).toEqual({
      status: 409,
      body: { status: 409, msg: '冲突', data: null },
    });
    answers['/web/other'] = { code: 200, body: envelope([1]) };
    const res = await client.send<number[]>({ method: 'GET', path: '/web/other' }, { a: 1 }, { token: 't' });
    expect(res.body.data).toEqual([1]);
    expect(last().url).toBe('/web/other?a=1');
    expect(last().headers.sign).toBe(serverSign(last()));
    expect(last().headers.web_token).toBe('t');
  });

  it('signedRequest is the request call() sends, for uses that are not a JSON call', async () => {
    const client = createClient({ baseUrl: base, secret: SECRET, token: 'tok' });
    const { url, init } = client.signedRequest(list, { ip_id: 5, title: '盒' });
    expect(url).toBe(`${base}${list.path}?ip_id=5&title=${encodeURIComponent('盒')}`);
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({
      sign: sign(list.path, SECRET, init.headers.mt!, { ip_id: 5, title: '盒' }),
      mt: init.headers.mt,
      web_token: 'tok',
    });
  });

  it('buildRequest: a path-only URL, a chosen clock, and the signature headers over caller headers', () => {
    const { url, init } = buildRequest(
      save,
      { title: 'x', note: undefined },
      {
        secret: SECRET,
        now: 1_700_000_000_999,
        headers: { sign: 'forged', 'content-type': 'text/plain' },
        nonce: 'nonce-0001',
      },
    );
    expect(url).toBe(save.path);
    expect(init).toEqual({
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        sign: sign(save.path, SECRET, '1700000000', { title: 'x' }, 'nonce-0001'),
        mt: '1700000000',
        nonce: 'nonce-0001',
      },
      body: '{"title":"x"}',
    });
  });

  it('uses the fetch it is given, with the credentials it is told', async () => {
    const calls: [string, RequestInit][] = [];
    const stub = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(envelope({ id: 9 }), { status: 200 });
    }) as typeof fetch;
    const client = createClient({
      baseUrl: 'https://api.example',
      secret: SECRET,
      fetch: stub,
      credentials: 'include',
    });
    expect(await client.call(save, { title: 't' })).toEqual({ id: 9 });
    expect(calls[0]![0]).toBe(`https://api.example${save.path}`);
    expect(calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'include', body: '{"title":"t"}' });
  });
});

import { DEV_APP_SECRET, sign } from '@toy/shared';
import Fastify from 'fastify';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A stand-in for the platform API in hub tests: the five screen-data calls, each checking the
 * request signature as the API does, plus a picture. Counts the calls it answers.
 */
export async function startFakePlatform(opts: { redirectTo?: string } = {}) {
  const app = Fastify({ logger: false });
  const calls: Record<string, number> = {};
  let url = '';
  let barrageId = 0;
  const ok = (data: unknown) => ({ status: 0, msg: 'ok', data });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/pic.png' || path === '/moved.png') return;
    const mt = String(request.headers.mt ?? '');
    const query = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
    if (request.headers.sign !== sign(path, DEV_APP_SECRET, mt, query))
      return reply.code(401).send({ status: 401, msg: '签名错误', data: null });
    calls[path] = (calls[path] ?? 0) + 1;
  });
  app.get('/pic.png', async (_req, reply) => reply.type('image/png').send(PNG));
  // A picture that has moved elsewhere (to test that the hub does not follow it off the platform).
  app.get('/moved.png', async (_req, reply) => reply.redirect(opts.redirectTo ?? '/pic.png', 302));
  app.get('/v1/offline/screen/ip/sale', async () =>
    ok({
      list: [
        {
          id: 1,
          name: '星河系列盲盒',
          begin: '2026-05-01 10:00:00',
          state: 1,
          type: 1,
          price: 59,
          stock: 300,
          pic: `${url}/pic.png`,
          ips: [{ id: 1, title: '星河' }],
        },
        {
          id: 2,
          name: '夏日限定',
          begin: '2026-05-01 14:30:00',
          state: 0,
          type: 2,
          price: 69,
          stock: 120,
          pic: '',
          ips: [],
        },
        // An ichiban-kuji numbered like the first machine: kujis are numbered in their own table.
        {
          id: 1,
          activity_type: 14,
          name: '星河一番赏',
          begin: '2026-05-01 16:00:00',
          state: 0,
          type: 2,
          price: 29.9,
          stock: 80,
          pic: `${url}/pic.png`,
          ips: [{ id: 1, title: '星河' }],
        },
      ],
    }),
  );
  app.get('/v1/offline/screen/ip/hot', async () => ok({ list: [{ id: 1, name: '星河', pic: '', logo: '', hot: 99 }] }));
  app.get('/v1/offline/screen/user', async () =>
    ok({ list: [{ name: '欧皇一号', avatar: '', avatar_frame: '', amount: 1234.5 }] }),
  );
  app.get<{ Querystring: { last_id?: string } }>('/v6/offline/barrage', async (request) => {
    const last = Number(request.query.last_id ?? 0);
    const fresh = [];
    while (barrageId < last + 3 && fresh.length < 10) {
      barrageId++;
      fresh.push({
        id: barrageId,
        user: { name: `玩家${barrageId}`, avatar: '' },
        action: 2,
        ip_title: '星河',
        active_title: '星河系列',
      });
    }
    return ok(barrageId > last ? fresh.filter((m) => m.id > last) : []);
  });
  app.get('/web/offline/screen/active', async () =>
    ok({ type: 2, goods: [{ title: '隐藏款', pic: `${url}/pic.png`, level: 'A' }] }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    url,
    calls,
    close: () => app.close(),
  };
}

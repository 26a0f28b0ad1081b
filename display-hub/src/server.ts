import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { DISPLAY_MESSAGES, SCREEN_DATA_KEYS, SCREEN_ROUTES, type ScreenDataKey } from '@toy/shared';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Logger } from 'pino';
import type { WebSocket } from 'ws';
import { originAllowed, publicAge, publicAges } from './access.js';
import type { HubConfig } from './config.js';
import { Hub } from './hub.js';
import { ImageCache } from './images.js';
import { MediaLibrary, safeName } from './media.js';
import { registerMetrics } from './metrics.js';
import { PlatformData } from './platform.js';
import { StateStore } from './state.js';
import { ageSeconds, publicStatus, statusPage } from './status.js';

export interface HubHandle {
  hub: Hub;
  platform: PlatformData;
  store: StateStore;
  wsUrl: string;
  mediaUrl: string;
  config: HubConfig;
  /** Counts for leak checks: open sockets and listeners on the servers. */
  debug(): { clients: number; wsClients: number; listeners: number };
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 256 * 1024;
/** How long a closing hub waits for its connections to end before it cuts them. */
const CLOSE_GRACE_MS = 1000;

function urlOf(host: string, port: number, scheme: string) {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `${scheme}://${shown}:${port}`;
}

/**
 * The display hub: the socket server (8765) and the media server (8764: the display client, the
 * control page, media with Range and ETag, cached platform images, status), sharing one state.
 */
export async function startHub(config: HubConfig, logger?: Logger): Promise<HubHandle> {
  const log = logger ?? pino({ level: config.logLevel, base: { svc: 'display-hub' } });
  const ports = { wsPort: config.wsPort, mediaPort: config.mediaPort };
  /** The venue's control key in the x-control-key header (media uploads, the full status). */
  const authorized = (request: FastifyRequest) => {
    const given = String(request.headers['x-control-key'] ?? '');
    const a = Buffer.from(given);
    const b = Buffer.from(config.controlKey);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const store = new StateStore(path.join(config.dataDir, 'state.json'));
  let hub: Hub | undefined;
  const platform = new PlatformData({
    apiBase: config.apiBase,
    appSecret: config.appSecret,
    cacheFile: path.join(config.dataDir, 'screen-data.json'),
    listRefreshMs: config.listRefreshMs,
    barrageRefreshMs: config.barrageRefreshMs,
    activityPollScale: config.activityPollScale,
    log,
    onChange: (key: ScreenDataKey, changed) => {
      if (!hub) return;
      const age = publicAge(platform.ages[key]);
      if (changed === 'value') hub.notify('screenData', { key, value: platform.data[key], age });
      else hub.notify('dataAge', { key, age });
      hub.markStatusDirty();
    },
  });
  const media = new MediaLibrary({
    dir: config.mediaDir,
    maxBytes: config.mediaMaxBytes,
    authorized,
    onChange: () => hub?.notify('media', { media: media.list }),
  });
  await media.init();
  const imageOrigins = [
    ...(config.apiBase && URL.canParse(config.apiBase) ? [new URL(config.apiBase).origin] : []),
    ...(config.imageOrigins ?? []),
  ];
  const images = new ImageCache({
    dir: path.join(config.dataDir, 'images'),
    maxBytes: config.imageCacheMaxBytes,
    log,
    origins: () => imageOrigins,
    // `http(s)://<any name of this machine>:<media port>/media/<name>`: the library, from disk.
    ownFile: async (url) => {
      if (!/^https?:$/.test(url.protocol) || Number(url.port) !== ports.mediaPort) return null;
      let name: string | null = null;
      try {
        if (url.pathname.startsWith('/media/')) name = safeName(decodeURIComponent(url.pathname.slice(7)));
      } catch {
        return null; // a malformed %-escape names no file
      }
      if (!name || !/\.(png|jpe?g|gif|webp)$/i.test(name) || !media.list.includes(name)) return null;
      const file = path.join(config.mediaDir, name);
      return (await stat(file).catch(() => null))?.isFile() ? file : null;
    },
    allowed: function* () {
      yield* platform.imageUrls();
      const s = store.state;
      for (const b of [...s.ipList, ...(s.ipInfo ? [s.ipInfo] : [])]) yield* [b.pic, b.logo];
      if (s.actInfo) yield s.actInfo.pic;
      const o = s.overlay;
      if (o) for (const u of [...o.records, ...o.lucky_user, ...o.data]) yield* [u.avatar, u.avatar_frame ?? ''];
      if (o?.info) yield o.info.reward_pic;
    },
  });
  await images.init();

  hub = new Hub({
    store,
    controlKey: config.controlKey,
    heartbeatMs: config.heartbeatMs,
    maxBufferedBytes: config.maxBufferedBytes,
    log,
    snapshotExtras: () => ({
      screenData: { ...platform.data },
      ages: publicAges(platform.ages),
      media: media.list,
      timeZone: config.timeZone ?? 'Asia/Shanghai',
    }),
    noticesFile: path.join(config.dataDir, 'notices.json'),
    statusExtras: () => ({ ages: { ...platform.ages } }),
  });
  const theHub = hub;

  const health = () => ({
    status: 'ok',
    epoch: theHub.epoch,
    seq: theHub.currentSeq,
    clients: theHub.size,
    screens: theHub.clientList().filter((c) => c.role === 'screen').length,
    data: Object.fromEntries(
      SCREEN_DATA_KEYS.map((k) => [
        k,
        { age_seconds: ageSeconds(platform.ages[k]), error: publicAge(platform.ages[k]).error },
      ]),
    ),
  });
  const deny = (reply: FastifyReply) =>
    reply.code(401).send({ status: 401, msg: DISPLAY_MESSAGES.hub.needKey, data: null });

  // The socket server.
  const wsApp = Fastify({
    loggerInstance: log.child({ port: 'ws' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  await wsApp.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false } });
  // A web page elsewhere (any site a venue browser opens) may not talk to the hub.
  wsApp.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const allowed = config.allowedOrigins ?? [];
    if (originAllowed(origin, request.headers.host, { mediaPort: ports.mediaPort, allowed })) return;
    log.info({ origin }, 'socket from another web origin refused');
    return reply.code(403).send({ status: 403, msg: DISPLAY_MESSAGES.hub.badOrigin, data: null });
  });
  const onSocket = (socket: WebSocket, request: FastifyRequest) =>
    theHub.attach(socket, request.query as Record<string, string>, request.ip);
  wsApp.route({ method: 'GET', url: '/', handler: async () => health(), wsHandler: onSocket });
  wsApp.route({ method: 'GET', url: '/ws', handler: async () => health(), wsHandler: onSocket });
  wsApp.get('/healthz', async () => health());

  // The media server.
  const web = Fastify({
    loggerInstance: log.child({ port: 'media' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
  });
  await web.register(multipart);
  // Before the routes, so each of their answers is counted.
  registerMetrics(web, () => theHub, platform, config.metricsToken);
  await web.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: false,
    setHeaders: (res) => {
      res.header('Cache-Control', 'no-cache');
      res.header('Access-Control-Allow-Origin', '*');
    },
    allowedPath: (p) => !p.includes('/.'),
  });
  const clientDir = config.clientDir;
  const built = existsSync(path.join(clientDir, 'index.html'));
  if (built && existsSync(path.join(clientDir, 'assets'))) {
    await web.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }
  const page = (file: string) => async (_req: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(path.join(clientDir, file)))
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('大屏客户端尚未构建：在 display-client 目录运行 npm run build（或 npm start）。');
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(file, clientDir, { cacheControl: false });
  };
  for (const route of SCREEN_ROUTES) web.get(route, page('index.html'));
  web.get('/control', page('control.html'));
  web.get('/', async (_req, reply) => reply.redirect('/control'));
  web.get('/favicon.ico', async (_req, reply) => reply.code(204).send());
  web.get('/healthz', async () => health());
  web.get('/hub.json', async () => ({ ...ports, epoch: theHub.epoch }));
  // Public: what a technician at a screen needs (no key, no address, no platform error text).
  web.get('/status', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(statusPage(publicStatus(theHub.status()))),
  );
  // The full status, the state and the platform data: for the operator (the control key).
  web.get('/status.json', async (request, reply) => (authorized(request) ? theHub.status() : deny(reply)));
  web.get('/api/state', async (request, reply) =>
    authorized(request)
      ? { status: 0, msg: 'ok', data: { state: store.state, seq: theHub.currentSeq, epoch: theHub.epoch } }
      : deny(reply),
  );
  web.get('/api/screen-data', async (request, reply) =>
    authorized(request) ? { status: 0, msg: 'ok', data: { data: platform.data, ages: platform.ages } } : deny(reply),
  );
  media.register(web);
  images.register(web);

  try {
    await wsApp.listen({ host: config.host, port: config.wsPort });
    await web.listen({ host: config.host, port: config.mediaPort });
  } catch (error) {
    theHub.close();
    await wsApp.close();
    await web.close();
    throw error;
  }
  platform.start();

  const wsPort = (wsApp.server.address() as { port: number }).port;
  const mediaPort = (web.server.address() as { port: number }).port;
  Object.assign(ports, { wsPort, mediaPort });
  const actual = { ...config, wsPort, mediaPort };

  return {
    hub: theHub,
    platform,
    store,
    config: actual,
    wsUrl: urlOf(config.host, wsPort, 'ws'),
    mediaUrl: urlOf(config.host, mediaPort, 'http'),
    debug() {
      const servers = [wsApp.server, web.server, wsApp.websocketServer];
      const listeners = servers.reduce(
        (n, e) => n + e.eventNames().reduce((m, name) => m + e.listenerCount(name), 0),
        0,
      );
      return { clients: theHub.size, wsClients: wsApp.websocketServer.clients.size, listeners };
    },
    async close() {
      theHub.close();
      await platform.stop();
      // A close waits for open connections; a peer that does not let go (a paused video download, a
      // frozen page) would hold a restart for as long as its browser keeps it: cut them after a grace.
      const cut = setTimeout(() => {
        for (const client of wsApp.websocketServer.clients) client.terminate();
        for (const app of [wsApp, web]) app.server.closeAllConnections();
      }, CLOSE_GRACE_MS);
      try {
        await Promise.all([wsApp.close(), web.close()]);
      } finally {
        clearTimeout(cut);
      }
      await store.flush();
      store.close();
    },
  };
}

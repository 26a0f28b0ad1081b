import { DISPLAY_MESSAGES, DISPLAY_TIMING, designWidthOf, SCREEN_ROUTES } from '@toy/shared/display';
import { Application } from 'pixi.js';
import { resolveAddress } from '../common/address.js';
import { HubSocket } from '../common/socket.js';
import { toast } from '../common/toast.js';
import { Clock } from './clock.js';
import type { ScreenContext } from './context.js';
import { SoundBoard } from './sound.js';
import { ScreenStage } from './stage.js';
import { DisplayStore } from './store.js';
import { TextureCache } from './textures.js';
import { installDigits, setTextFloor } from './ui/text.js';

/** Live GPU textures: the renderer's managed list keeps empty slots for freed ones. */
function textureCount(app: Application): number {
  const list =
    (app.renderer as unknown as { texture?: { managedTextures?: unknown[] } }).texture?.managedTextures ?? [];
  return list.filter(Boolean).length;
}

function clientId(route: string): string {
  const key = `display-cid:${route}`;
  try {
    let id = localStorage.getItem(key);
    if (!id) {
      id = `${route.replace(/\W/g, '') || 'screen'}-${Math.random().toString(36).slice(2, 8)}`;
      localStorage.setItem(key, id);
    }
    return id;
  } catch {
    return `${route.replace(/\W/g, '')}-${Math.random().toString(36).slice(2, 8)}`;
  }
}

async function boot() {
  const path = location.pathname.replace(/\/+$/, '') || '/screen_md';
  const route = (SCREEN_ROUTES as readonly string[]).includes(path) ? path : '/screen_md';
  const address = await resolveAddress();
  const startedAt = performance.now();

  const app = new Application();
  await app.init({
    resizeTo: window,
    background: 0x05060f,
    antialias: new URLSearchParams(location.search).get('aa') !== '0',
    autoDensity: true,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    preference: 'webgl',
    powerPreference: 'high-performance',
  });
  // `?fps=N` caps the frame rate: a weak venue PC (or a software renderer) keeps up at fewer frames.
  const fps = Number(new URLSearchParams(location.search).get('fps'));
  if (fps > 0) app.ticker.maxFPS = fps;
  document.body.appendChild(app.canvas);
  app.canvas.dataset.testid = 'screen-canvas';
  // A lost WebGL context does not come back reliably on an unattended screen: reload the page.
  app.canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    setTimeout(() => location.reload(), 500);
  });
  installDigits();
  setTextFloor(designWidthOf(route));

  const videoLayer = document.createElement('div');
  Object.assign(videoLayer.style, { position: 'fixed', inset: '0', pointerEvents: 'none', overflow: 'hidden' });
  document.body.appendChild(videoLayer);

  const store = new DisplayStore();
  const clock = new Clock(address.speed);
  const textures = new TextureCache(96);
  const sound = new SoundBoard(address.mediaBase, address.admin);
  const resizeListeners = new Set<() => void>();
  let socket: HubSocket | null = null;
  let offNoticeAt = 0;

  const ctx: ScreenContext = {
    route,
    admin: address.admin,
    mediaBase: address.mediaBase,
    store,
    clock,
    textures,
    sound,
    videoLayer,
    toCss: (x, y, w, h) => ({
      left: x * stage.scale,
      top: y * stage.scale,
      width: w * stage.scale,
      height: h * stage.scale,
    }),
    send(message) {
      if (address.admin) return false;
      const sent = socket?.send(message) ?? false;
      if (!sent && Date.now() - offNoticeAt > 10_000) {
        offNoticeAt = Date.now();
        toast(DISPLAY_MESSAGES.serviceOff, 'error');
      }
      return sent;
    },
    onResize(fn) {
      resizeListeners.add(fn);
      return () => resizeListeners.delete(fn);
    },
  };

  const stage = new ScreenStage(ctx, route);
  app.stage.addChild(stage.root);
  const resize = () => {
    stage.resize(app.screen.width, app.screen.height);
    for (const fn of resizeListeners) fn();
  };
  app.renderer.on('resize', resize);
  resize();
  // Real elapsed time (the ticker's deltaMS is clamped by its minFPS, which would slow the clock on a slow GPU).
  let last = performance.now();
  // Frames drawn since the last health report: its fps is what the screen drew over that time (the
  // ticker's own figure starts at its target rate, not the `?fps` cap, until it has measured).
  const drawn = { frames: 0, since: last };
  const MIN_FPS_WINDOW_MS = 1000;
  app.ticker.add(() => {
    const now = performance.now();
    clock.tick(now - last);
    last = now;
    drawn.frames++;
  });
  const drawnFps = () => {
    const now = performance.now();
    const fps = (drawn.frames * 1000) / Math.max(1, now - drawn.since);
    drawn.frames = 0;
    drawn.since = now;
    return Math.round(fps * 10) / 10;
  };

  store.subscribe((changes) => {
    if (changes.has('media')) sound.media = store.media;
    stage.update(changes);
  });

  const q = new URLSearchParams({ route, admin: address.admin ? '1' : '0', cid: clientId(route) });
  socket = new HubSocket(`${address.wsUrl}/?${q}`, {
    frame: (frame) => store.receive(frame),
    open: () => {
      toast(DISPLAY_MESSAGES.connected, 'ok');
      // The operator sees a screen's health as soon as it connects (once it has drawn for a second, so
      // the fps is measured and not the empty window of a screen that connected before its first frame),
      // then every 10 s.
      setTimeout(reportHealth, Math.max(0, MIN_FPS_WINDOW_MS - (performance.now() - drawn.since)));
    },
    down: (first) => {
      if (first) toast(DISPLAY_MESSAGES.failed, 'error', 5000);
    },
  });
  socket.connect();

  const stats = () => {
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return {
      textures: textureCount(app),
      heap: memory ? Math.round((memory.usedJSHeapSize / 1048576) * 10) / 10 : 0,
      listeners: app.ticker.count + clock.pending + resizeListeners.size,
      cache: textures.size,
      loading: textures.loading,
    };
  };
  function reportHealth() {
    if (address.admin) return;
    const s = stats();
    socket?.send({
      type: 'health',
      data: {
        route,
        fps: Math.min(1000, drawnFps()),
        textures: s.textures,
        heap: s.heap,
        uptime: Math.round((performance.now() - startedAt) / 1000),
        listeners: s.listeners,
        width: Math.round(app.screen.width),
        height: Math.round(app.screen.height),
      },
    });
  }
  setInterval(reportHealth, DISPLAY_TIMING.healthReportMs);

  // For tests and a technician's console: read-only views of what the screen is doing.
  (window as unknown as { __display: unknown }).__display = {
    route,
    admin: address.admin,
    app,
    get ready() {
      return store.ready;
    },
    state: () => store.state,
    data: () => store.data,
    debug: () => stage.debug(),
    sounds: () => [...sound.played],
    texts: () => stage.texts(),
    stats,
    socket: () => ({ connected: socket?.connected ?? false, seq: socket?.seq, epoch: socket?.epoch, ...socket?.stats }),
  };
}

void boot();

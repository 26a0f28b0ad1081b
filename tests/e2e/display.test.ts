// The venue display in Chromium: the hub serving the built screens and the control page, the
// screens drawing with PixiJS (WebGL on SwiftShader), commands from the control page reaching
// them, and a preview that never sends.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '../support/api.js';
import { hasBrowser, launch, shot } from '../support/browser.js';
import { longest, scaled } from '../support/patience.js';
import {
  CONTROL_KEY,
  type DisplayStack,
  OpenedContexts,
  people,
  screenPath,
  startDisplayStack,
} from './display-support.js';

type Debug = {
  areas: { key: string; mode: number; view: string | null; [k: string]: unknown }[];
  overlay: Record<string, unknown> | null;
  closed: boolean;
};
const debug = (page: Page) =>
  page.evaluate(() => (window as unknown as { __display: { debug(): unknown } }).__display.debug()) as Promise<Debug>;

/** How much a screenshot varies: a blank canvas has (almost) no spread. */
async function pixelSpread(page: Page): Promise<{ stdev: number; colours: number }> {
  const png = await page.screenshot();
  const img = sharp(png);
  const { channels } = await img.stats();
  const { data } = await img.resize(64, 36, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 3)
    colours.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
  return { stdev: Math.max(...channels.slice(0, 3).map((c) => c.stdev)), colours: colours.size };
}

describe.skipIf(!hasBrowser)('venue display', { timeout: scaled(150_000) }, () => {
  let stack: DisplayStack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startDisplayStack();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  const opened = new OpenedContexts();
  afterEach(() => opened.closeAll());

  async function open(path: string, size = { width: 960, height: 540 }, init?: () => void): Promise<Page> {
    const context = opened.add(
      await browser.newContext({ viewport: size, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' }),
    );
    const page = await context.newPage();
    if (init) await page.addInitScript(init);
    await page.goto(stack.mediaUrl + screenPath(path));
    if (!path.startsWith('/control'))
      await page.waitForFunction(
        () => (window as unknown as { __display?: { ready: boolean } }).__display?.ready === true,
        null,
        { timeout: scaled(20_000) },
      );
    return page;
  }

  async function control(): Promise<Page> {
    const page = await open(`/control?previews=0#key=${CONTROL_KEY}`, { width: 1280, height: 900 });
    await expect.poll(() => page.getByTestId('conn').textContent(), { timeout: scaled(15_000) }).toBe('已连接');
    await page.getByTestId('mode-wait').waitFor();
    return page;
  }

  it('each route draws a canvas that is not blank, at its design width', async () => {
    for (const route of ['/screen_md', '/extend', '/extend_left', '/extend_center', '/extend_right']) {
      const page = await open(route);
      await expect.poll(async () => (await pixelSpread(page)).colours, { timeout: scaled(15_000) }).toBeGreaterThan(40);
      const spread = await pixelSpread(page);
      expect(spread.stdev, route).toBeGreaterThan(12);
      const d = (await debug(page)) as Debug & { designWidth: number };
      expect(d.designWidth).toBe(route === '/screen_md' ? 2048 : 2560);
      await expect.poll(() => page.getByTestId('toast').textContent()).toBe('连接成功');
      await shot(page, `display${route.replace(/\//g, '-')}`);
      await page.context().close();
    }
  });

  it('switching a mode on the control page changes the screen', async () => {
    const ctl = await control();
    const screen = await open('/extend_center');
    expect((await debug(screen)).areas[0]).toMatchObject({ key: 'centerScreen', mode: 3, view: 'launches' });
    const before = await screen.screenshot();
    await ctl.getByTestId('mode-sell').click();
    await ctl.getByTestId('mode-centerScreen').selectOption('4');
    await expect.poll(async () => (await debug(screen)).areas[0]?.view, { timeout: scaled(10_000) }).toBe('sell');
    await expect.poll(async () => Buffer.compare(before, await screen.screenshot()) !== 0).toBe(true);
    // Draw machine 1 and kuji 1 share the id 1: each is its own choice, and choosing the kuji shows it.
    const choices = await ctl
      .getByTestId('act-info')
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    const sale = stack.hub.platform.data.sale;
    expect(choices.filter(([v]) => v === '13-1' || v === '14-1').map(([, t]) => t)).toEqual([
      `10:00 ${sale[0]!.name}`,
      `10:30 ${sale[1]!.name}（一番赏）`,
    ]);
    await ctl.getByTestId('act-info').selectOption('14-1');
    await expect.poll(async () => (await debug(screen)).areas[0]?.entry, { timeout: longest(10_000) }).toBe('14-1');
    expect(stack.hub.store.state.actInfo).toMatchObject({ id: 1, activity_type: 14, name: sale[1]!.name });
    await shot(screen, 'display-center-sell');
    await ctl.getByTestId('act-info').selectOption('13-1');
    await expect
      .poll(async () => (await debug(screen)).areas[0]?.name, { timeout: longest(10_000) })
      .toBe(sale[0]!.name);
    await ctl.getByTestId('act-info').selectOption('');
    await ctl.getByTestId('mode-centerScreen').selectOption('2');
    await expect.poll(async () => (await debug(screen)).areas[0]?.view, { timeout: scaled(10_000) }).toBe('brand');
    expect(stack.hub.store.state).toMatchObject({ mode: 'sell', centerScreen: { mode: 2 } });
    await shot(ctl, 'display-control');
    await ctl.getByTestId('mode-centerScreen').selectOption('3');
    await ctl.getByTestId('mode-wait').click();
    await expect.poll(async () => (await debug(screen)).areas[0]?.view, { timeout: scaled(10_000) }).toBe('launches');
    await Promise.all([ctl.context().close(), screen.context().close()]);
  });

  it('a command given before the last one came back is made from the operator’s latest choice', async () => {
    // The control page hears the hub 0.4 s late (a busy tablet or network): 发售 and, at once, a
    // screen's mode. The second command must not be computed from the state before 发售.
    const slowAndCounted = () => {
      const w = window as unknown as { __sent: string[] };
      w.__sent = [];
      const on = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
      Object.defineProperty(WebSocket.prototype, 'onmessage', {
        configurable: true,
        get() {
          return on.get!.call(this);
        },
        set(fn: ((ev: MessageEvent) => void) | null) {
          on.set!.call(this, fn && ((ev: MessageEvent) => setTimeout(() => fn.call(this, ev), 400)));
        },
      });
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (this: WebSocket, data) {
        w.__sent.push(String(data));
        return send.call(this, data);
      };
    };
    const raw = new (await import('ws')).WebSocket(stack.wsUrl);
    await new Promise((r) => raw.once('open', r));
    raw.send(JSON.stringify({ type: 'hello', data: { key: CONTROL_KEY } }));
    raw.send(JSON.stringify({ type: 'wait', data: { leftScreen: 0, centerScreen: 3, rightScreen: 5 } }));
    await expect.poll(() => stack.hub.store.state.mode).toBe('wait');
    const page = await open(`/control?previews=0#key=${CONTROL_KEY}`, { width: 1280, height: 900 }, slowAndCounted);
    await expect.poll(() => page.getByTestId('conn').textContent()).toBe('已连接');
    await page.getByTestId('mode-sell').click();
    await page.getByTestId('mode-centerScreen').selectOption('4');
    await expect.poll(() => stack.hub.store.state.centerScreen.mode).toBe(4);
    const commands = async () =>
      (await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent))
        .map((m) => JSON.parse(m) as { type: string; data: Record<string, unknown> })
        .filter((m) => m.type === 'wait' || m.type === 'sell');
    // Both commands went out, in order, and both say sell; the hub ends in sell with the centre's sale.
    await expect.poll(async () => (await commands()).length).toBe(2);
    expect((await commands()).map((m) => m.type)).toEqual(['sell', 'sell']);
    expect(stack.hub.store.state).toMatchObject({ mode: 'sell', centerScreen: { mode: 4 } });
    await expect.poll(() => page.getByTestId('mode-sell').getAttribute('class')).toContain('active');
    raw.send(JSON.stringify({ type: 'wait', data: { centerScreen: 3 } }));
    raw.close();
    await page.context().close();
  });

  it('the countdown counts to zero and shows the success image', async () => {
    const ctl = await control();
    const screen = await open('/extend_center');
    await ctl.getByTestId('ov-num').fill('3');
    await ctl.getByTestId('ov-countdown').click();
    await expect.poll(async () => (await debug(screen)).overlay?.kind, { timeout: scaled(10_000) }).toBe('countdown');
    await expect
      .poll(async () => (await debug(screen)).overlay?.done, { timeout: scaled(15_000), interval: 150 })
      .toBe(true);
    // What the screen showed, by its own record: it joins at the hub's second (a busy machine that
    // reads the command a second late starts at 2) and may skip a number, never the end.
    const o = (await debug(screen)).overlay as { countdown: number; done: boolean; shown: number[] };
    expect(o).toMatchObject({ countdown: 0, done: true });
    expect(o.shown[0]).toBeLessThanOrEqual(3);
    expect(o.shown.length).toBeGreaterThanOrEqual(2);
    expect(o.shown.at(-1)).toBe(0);
    expect(o.shown).toEqual([...o.shown].sort((a, b) => b - a));
    await shot(screen, 'display-countdown-done');
    await ctl.getByTestId('ov-close').click();
    await expect.poll(async () => (await debug(screen)).overlay, { timeout: scaled(10_000) }).toBeNull();
    await Promise.all([ctl.context().close(), screen.context().close()]);
  });

  it('a draw with 25 winners starts scrolling after 3 s', async () => {
    const ctl = await control();
    const screen = await open('/extend_center');
    await ctl.getByTestId('ov-people').fill(
      people(40)
        .map((p) => `${p.name},${p.phone}`)
        .join('\n'),
    );
    await ctl.getByTestId('ov-draw-1').click();
    await expect
      .poll(async () => (await debug(screen)).overlay, { timeout: scaled(10_000) })
      .toMatchObject({ kind: 'draw', state: 1 });
    await shot(screen, 'display-draw');
    await ctl.getByTestId('ov-winners').fill(
      people(25, '欧皇')
        .map((p) => `${p.name},${p.phone}`)
        .join('\n'),
    );
    await ctl.getByTestId('ov-draw-3').click();
    await expect
      .poll(async () => (await debug(screen)).overlay, { timeout: scaled(10_000) })
      .toMatchObject({ state: 3, winners: 25 });
    await expect
      .poll(async () => (await debug(screen)).overlay?.scrolling, { timeout: scaled(15_000), interval: 200 })
      .toBe(true);
    // 3 s after the winners appeared, on the screen's own clock (however slowly the test looked).
    const drawn = (await debug(screen)).overlay as { winnersAt: number; scrollAt: number };
    expect(drawn.scrollAt - drawn.winnersAt).toBeGreaterThanOrEqual(3000);
    const y1 = (await debug(screen)).overlay?.scrollY as number;
    await expect
      .poll(async () => (await debug(screen)).overlay?.scrollY as number, { timeout: scaled(10_000) })
      .toBeGreaterThan(y1);
    await shot(screen, 'display-winners');
    await ctl.getByTestId('ov-close').click();
    await Promise.all([ctl.context().close(), screen.context().close()]);
  });

  it('an admin=1 preview sends nothing while a screen does (upDateInfo after a video in wait mode)', async () => {
    const countSends = () => {
      const w = window as unknown as { __sent: string[] };
      w.__sent = [];
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (this: WebSocket, data) {
        w.__sent.push(String(data));
        return send.call(this, data);
      };
    };
    const ctl = await control();
    // Two brands whose videos are not in the library: each counts as ended after 5 s.
    const list = [
      { id: 1, title: '星河', video: 'missing-1.mp4' },
      { id: 2, title: '泡泡玛特', video: 'missing-2.mp4' },
    ];
    const ws = await import('ws');
    const raw = new ws.WebSocket(stack.wsUrl);
    await new Promise((r) => raw.once('open', r));
    raw.send(JSON.stringify({ type: 'hello', data: { key: CONTROL_KEY } }));
    raw.send(JSON.stringify({ type: 'wait', data: { centerScreen: 1, ipInfo: list[0], ipList: list } }));
    await expect.poll(() => stack.hub.store.state.centerScreen.mode).toBe(1);
    const preview = await open('/extend_center?admin=1', undefined, countSends);
    const screen = await open('/extend_center', undefined, countSends);
    const sent = (p: Page) => p.evaluate(() => (window as unknown as { __sent: string[] }).__sent);
    // The screen moves the brand on (upDateInfo) and reports a video error to the operator.
    await expect.poll(() => stack.hub.store.state.ipInfo?.id, { timeout: scaled(20_000) }).toBe(2);
    await expect
      .poll(async () => (await sent(screen)).some((m) => m.includes('"upDateInfo"')), { timeout: scaled(5_000) })
      .toBe(true);
    await expect
      .poll(() => ctl.getByTestId('notices').textContent(), { timeout: scaled(10_000) })
      .toContain('视频无法播放');
    // …and its health report arrives within 10 s; the preview has sent nothing at all.
    await expect
      .poll(async () => (await sent(screen)).some((m) => m.includes('"health"')), { timeout: scaled(15_000) })
      .toBe(true);
    expect(await sent(preview)).toEqual([]);
    const previewClient = stack.hub.hub.clientList().find((c) => c.role === 'preview' && c.route === '/extend_center');
    expect(previewClient?.health).toBeNull();
    await shot(screen, 'display-video-mode');
    raw.send(JSON.stringify({ type: 'wait', data: { centerScreen: 3 } }));
    raw.close();
    await Promise.all([ctl.context().close(), screen.context().close(), preview.context().close()]);
  });

  it('the mode card keeps its selects while the wait-mode videos move the current brand on', async () => {
    const ctl = await control();
    const list = [
      { id: 1, title: '星河', video: 'missing-1.mp4' },
      { id: 2, title: '泡泡玛特', video: 'missing-2.mp4' },
    ];
    const rightMode = stack.hub.store.state.rightScreen.mode;
    const ws = await import('ws');
    const raw = new ws.WebSocket(stack.wsUrl);
    await new Promise((r) => raw.once('open', r));
    raw.send(JSON.stringify({ type: 'hello', data: { key: CONTROL_KEY } }));
    raw.send(JSON.stringify({ type: 'wait', data: { centerScreen: 1, ipInfo: list[0], ipList: list } }));
    await expect.poll(() => ctl.getByTestId('ip-info').inputValue(), { timeout: scaled(10_000) }).toBe('1');
    // The operator puts the right screen on a brand of its own and moves on: the card is rebuilt once
    // for that choice (counted here), and from then on only set in place.
    await ctl.getByTestId('brand-rightScreen').evaluate((select) => {
      const card = select.closest('main > *')!;
      const w = window as unknown as { __rebuilds: number };
      w.__rebuilds = 0;
      new MutationObserver(() => w.__rebuilds++).observe(card, { childList: true });
    });
    const rebuilds = () => ctl.evaluate(() => (window as unknown as { __rebuilds: number }).__rebuilds);
    await ctl.getByTestId('brand-rightScreen').selectOption('5');
    await ctl.getByTestId('brand-rightScreen').blur();
    await expect.poll(() => stack.hub.store.state.rightScreen.ip_id).toBe(5);
    await expect.poll(rebuilds).toBe(1);
    await expect.poll(() => ctl.getByTestId('brand-rightScreen').inputValue()).toBe('5');
    const right = (await ctl.getByTestId('brand-rightScreen').elementHandle())!;
    const current = (await ctl.getByTestId('ip-info').elementHandle())!;
    // The centre screen's videos end, one after the other: each moves the current brand on.
    const screen = new ws.WebSocket(`${stack.wsUrl}/?route=/extend_center`);
    await new Promise((r) => screen.once('open', r));
    for (const [from, to] of [
      [1, 2],
      [2, 1],
    ]) {
      const version = stack.hub.store.state.version;
      screen.send(JSON.stringify({ type: 'upDateInfo', data: { from_ip_id: from, version } }));
      await expect.poll(() => stack.hub.store.state.ipInfo?.id).toBe(to);
      await expect.poll(() => ctl.getByTestId('ip-info').inputValue()).toBe(String(to));
      // The same selects, still on the page: the operator's choice kept, the current brand set in place.
      expect(await right.evaluate((el) => el.isConnected)).toBe(true);
      expect(await right.evaluate((el: HTMLSelectElement) => el.value)).toBe('5');
      expect(await current.evaluate((el) => el.isConnected)).toBe(true);
      expect(await current.evaluate((el: HTMLSelectElement) => el.value)).toBe(String(to));
      expect(await rebuilds()).toBe(1);
    }
    await shot(ctl, 'display-control-rotation');
    screen.close();
    raw.send(
      JSON.stringify({ type: 'wait', data: { centerScreen: 3, rightScreen: { mode: rightMode, ip_id: null } } }),
    );
    raw.close();
    await ctl.context().close();
  });

  it('the control page needs the key, and shows each screen health; previews open on demand', async () => {
    const page = await open('/control', { width: 1280, height: 900 });
    await page.getByTestId('key-input').fill('not-the-key');
    await page.getByTestId('key-submit').click();
    await expect
      .poll(() => page.getByTestId('key-error').textContent(), { timeout: scaled(10_000) })
      .toBe('控制密钥不正确');
    const screen = await open('/extend_left');
    await page.getByTestId('key-input').fill(CONTROL_KEY);
    await page.getByTestId('key-submit').click();
    await expect.poll(() => page.getByTestId('conn').textContent(), { timeout: scaled(10_000) }).toBe('已连接');
    await expect
      .poll(() => page.getByTestId('health-table').textContent(), { timeout: scaled(20_000) })
      .toMatch(/extend_left.*屏幕.*MB/);
    // The first report (a second after connect) gives the frames the screen drew (capped at 5 a second), not the
    // renderer's starting figure.
    const health = stack.hub.hub.clientList().find((c) => c.role === 'screen' && c.route === '/extend_left')?.health;
    expect(health?.fps).toBeGreaterThan(0);
    expect(health?.fps).toBeLessThanOrEqual(5.5);
    await shot(page, 'display-control-health');
    // No live preview until the operator opens one (three WebGL previews stall a tablet).
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByTestId('previews-hint').isVisible()).toBe(true);
    await page.getByTestId('preview-toggle-extend_center').click();
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    expect(await page.getByTestId('preview-extend_center').getAttribute('src')).toBe('/extend_center?admin=1&fps=10');
    await page.getByTestId('preview-toggle-extend_center').click();
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    await Promise.all([page.context().close(), screen.context().close()]);
  });

  it('a screen says when the hub is gone and comes back to the same state', async () => {
    const screen = await open('/extend_right');
    const raw = new (await import('ws')).WebSocket(stack.wsUrl);
    await new Promise((r) => raw.once('open', r));
    raw.send(JSON.stringify({ type: 'hello', data: { key: CONTROL_KEY } }));
    raw.send(JSON.stringify({ type: 'sell', data: { rightScreen: 4 } }));
    await expect.poll(async () => (await debug(screen)).areas[0]?.view, { timeout: scaled(10_000) }).toBe('sell');
    raw.close();
    await stack.stop();
    await expect
      .poll(() => screen.getByTestId('toast').textContent(), { timeout: scaled(10_000) })
      .toBe('连接失败，请检查网络或服务器状态');
    await stack.start();
    await expect.poll(() => screen.getByTestId('toast').textContent(), { timeout: scaled(10_000) }).toBe('连接成功');
    expect((await debug(screen)).areas[0]).toMatchObject({ mode: 4, view: 'sell' });
    await screen.context().close();
  });

  it("the console's /screen_md and /extend* paths go to the hub", async () => {
    const dist = process.env.CONSOLE_DIST || join(repoRoot, 'console', 'dist');
    if (!existsSync(join(dist, 'index.html'))) return;
    const { startConsoleServer } = await import(pathToFileURL(join(repoRoot, 'console', 'serve.mjs')).href);
    const web = await startConsoleServer({
      host: '127.0.0.1',
      port: await freePort(),
      distDir: dist,
      displayBase: stack.mediaUrl,
    });
    try {
      const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
      const page = await context.newPage();
      await page.goto(`${String(web.url).replace(/\/$/, '')}/extend_left?admin=1`);
      await page.waitForURL(`${stack.mediaUrl}/extend_left?admin=1`, { timeout: scaled(20_000) });
      await page.waitForFunction(
        () => (window as unknown as { __display?: { ready: boolean } }).__display?.ready === true,
        null,
        { timeout: scaled(20_000) },
      );
      await context.close();
    } finally {
      await web.close();
    }
  });

  it('reloads itself when the WebGL context is lost', async () => {
    const screen = await open('/extend_left');
    await screen.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
      const canvas = document.querySelector('canvas')!;
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext;
      gl.getExtension('WEBGL_lose_context')!.loseContext();
    });
    await screen.waitForEvent('load', { timeout: scaled(15_000) });
    await screen.waitForFunction(
      () => (window as unknown as { __display?: { ready: boolean } }).__display?.ready === true,
      null,
      { timeout: scaled(20_000) },
    );
    expect(await screen.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    await screen.context().close();
  });
});

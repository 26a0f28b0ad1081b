// The screens' soak: the centre screen's carousel on an accelerated clock (its 5 s page at 0.2 s),
// with a mode change and the prize overlay every few pages, measuring after each page turn the GPU
// textures, the JS heap and the event listeners. The test runs a short variant; the benchmark
// prints the curves of a long one.
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { launch } from '../support/browser.js';
import { scaled } from '../support/patience.js';
import { CONTROL_KEY, type DisplayStack, startDisplayStack } from './display-support.js';

export interface SoakSample {
  cycle: number;
  textures: number;
  heapMb: number;
  /** Live DOM event listeners (added minus removed) plus the screen's own frame and timer callbacks. */
  listeners: number;
}

export interface SoakResult {
  cycles: number;
  seconds: number;
  baseline: SoakSample;
  samples: SoakSample[];
  maxTextureDrift: number;
  listenerGrowth: number;
}

/** Counts DOM listeners as they are added and removed (installed before the page's own scripts). */
function countListeners() {
  const w = window as unknown as { __listeners: number };
  w.__listeners = 0;
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const live = new WeakMap<EventTarget, Set<unknown>>();
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, fn: unknown, opts?: unknown) {
    const entry = live.get(this) ?? new Set<unknown>();
    live.set(this, entry);
    const key = `${type}`;
    const id = fn ? [key, fn] : null;
    if (id && ![...entry].some((e) => (e as unknown[])[0] === key && (e as unknown[])[1] === fn)) {
      entry.add(id);
      w.__listeners++;
      const signal = (opts as { signal?: AbortSignal } | undefined)?.signal;
      if (signal)
        add.call(
          signal,
          'abort',
          () => {
            if (entry.delete(id)) w.__listeners--;
          },
          { once: true },
        );
    }
    return add.call(this, type, fn as EventListener, opts as AddEventListenerOptions);
  };
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, fn: unknown, opts?: unknown) {
    const set = live.get(this);
    const found = set && [...set].find((e) => (e as unknown[])[0] === type && (e as unknown[])[1] === fn);
    if (found && set!.delete(found)) w.__listeners--;
    return remove.call(this, type, fn as EventListener, opts as EventListenerOptions);
  };
}

async function sample(page: Page, cycle: number, cdp: import('playwright-core').CDPSession): Promise<SoakSample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const read = () =>
    page.evaluate(() => {
      const w = window as unknown as {
        __display: {
          stats(): { textures: number; listeners: number };
          debug(): { areas: { fading?: boolean }[] };
        };
        __listeners: number;
      };
      const st = w.__display.stats();
      // A page turn in progress holds one frame callback until its fade ends. On a slow machine a
      // fade is in progress whenever the page is looked at, so it is not counted as growth.
      const fading = w.__display.debug().areas[0]?.fading ? 1 : 0;
      return { textures: st.textures, listeners: st.listeners + w.__listeners - fading };
    });
  const s = await read();
  // Listeners as they settle: the least of three looks 50 ms apart. A callback or timer in flight
  // (a frame, a timer's end) is gone by one of them; a leaked listener is in all three.
  let listeners = s.listeners;
  for (let i = 0; i < 2; i++) {
    await new Promise((r) => setTimeout(r, 50));
    listeners = Math.min(listeners, (await read()).listeners);
  }
  return {
    cycle,
    textures: s.textures,
    heapMb: Math.round((heap.usedSize / 1048576) * 10) / 10,
    listeners,
  };
}

/** Page turns whose fade has finished (a count: it moves even when every frame starts a new fade). */
const turns = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __display: { debug(): { areas: { settled?: number }[] } } }).__display.debug().areas[0]
        ?.settled ?? 0,
  );

/** Run `cycles` page turns; every `excursionEvery` turns visit sell mode and the prize overlay first. */
export async function runSoak(opts: {
  cycles: number;
  excursionEvery?: number;
  onSample?: (s: SoakSample) => void;
  /** Slow the page's CPU this many times (Chromium's throttling): a renderer on a busy machine. */
  cpuThrottle?: number;
  /** Full carousel rotations before the baseline (default 2). */
  warmupRotations?: number;
  /** Hold every picture this long on its way to the page (a busy hub or network). */
  pictureDelayMs?: number;
  browser?: Browser;
  stack?: DisplayStack;
}): Promise<SoakResult> {
  const stack = opts.stack ?? (await startDisplayStack({ sales: 24 }));
  const browser = opts.browser ?? (await launch());
  const every = opts.excursionEvery ?? 10;
  const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(countListeners);
    const delay = opts.pictureDelayMs;
    if (delay)
      await page.route('**/img?*', async (route) => {
        await new Promise((r) => setTimeout(r, delay));
        await route.continue().catch(() => undefined);
      });
    await page.goto(`${stack.mediaUrl}/extend_center?speed=25&admin=1`);
    await page.waitForFunction(
      () => (window as unknown as { __display?: { ready: boolean } }).__display?.ready === true,
      null,
      { timeout: scaled(20_000) },
    );
    const cdp = await page.context().newCDPSession(page);
    const throttle = (rate: number) =>
      opts.cpuThrottle ? cdp.send('Emulation.setCPUThrottlingRate', { rate }) : Promise.resolve();
    const ctl = new WebSocket(stack.wsUrl);
    await new Promise((r) => ctl.once('open', r));
    ctl.send(JSON.stringify({ type: 'hello', data: { key: CONTROL_KEY } }));
    const send = (m: unknown) => ctl.send(JSON.stringify(m));
    const waitTurn = async (n: number) => {
      // The page turns on a slow renderer when asked to; it is measured at full speed.
      await throttle(opts.cpuThrottle ?? 1);
      // A turn is complete once its fade has finished. (Not "no fade now": on a slow renderer at 25×
      // one frame ends a fade and starts the next, so the carousel is fading whenever it is looked at.)
      await page.waitForFunction(
        (want) =>
          ((window as unknown as { __display: { debug(): { areas: { settled?: number }[] } } }).__display.debug()
            .areas[0]?.settled ?? 0) >= want,
        n,
        { timeout: scaled(30_000), polling: 40 },
      );
      await throttle(1);
    };
    const viewIs = (view: string) =>
      page.waitForFunction(
        (v) =>
          (window as unknown as { __display: { debug(): { areas: { view: string }[] } } }).__display.debug().areas[0]
            ?.view === v,
        view,
        { timeout: scaled(30_000), polling: 40 },
      );

    // Warm up: an excursion and two full rotations, so every picture has loaded and every text size has been seen.
    const pages = await page.evaluate(
      () =>
        (window as unknown as { __display: { debug(): { areas: { pages?: number }[] } } }).__display.debug().areas[0]
          ?.pages ?? 1,
    );
    const excursion = async () => {
      send({ type: 'wait', data: { centerScreen: 4 } });
      await viewIs('sell');
      send({ type: 'open', data: { active_type: 5, num: 3 } });
      await page.waitForFunction(
        () =>
          (window as unknown as { __display: { debug(): { overlay: unknown } } }).__display.debug().overlay !== null,
        null,
        { timeout: scaled(30_000), polling: 40 },
      );
      send({ type: 'close', data: {} });
      send({ type: 'wait', data: { centerScreen: 3 } });
      await viewIs('launches');
    };
    await excursion();
    let seen = await turns(page);
    await waitTurn(seen + pages * (opts.warmupRotations ?? 2) + 1);
    // On a busy machine a picture may arrive after its page has turned, and its GPU texture appears
    // when that page next shows: rotate until nothing is loading and a rotation adds no texture.
    const stats = () =>
      page.evaluate(() =>
        (window as unknown as { __display: { stats(): { textures: number; loading: number } } }).__display.stats(),
      );
    for (let round = 0, before = -1; opts.warmupRotations !== 0 && round < 5; round++) {
      await page.waitForFunction(
        () => (window as unknown as { __display: { stats(): { loading: number } } }).__display.stats().loading === 0,
        null,
        { timeout: scaled(30_000), polling: 100 },
      );
      await waitTurn((await turns(page)) + pages);
      const { textures } = await stats();
      if (textures === before) break;
      before = textures;
    }
    seen = await turns(page);
    const baseline = await sample(page, 0, cdp);
    const samples: SoakSample[] = [];
    const started = Date.now();
    for (let cycle = 1; cycle <= opts.cycles; cycle++) {
      if (cycle % every === 0) {
        await excursion();
        seen = await turns(page);
      }
      await waitTurn(seen + 1);
      seen = await turns(page);
      const s = await sample(page, cycle, cdp);
      samples.push(s);
      opts.onSample?.(s);
    }
    ctl.close();
    return {
      cycles: opts.cycles,
      seconds: (Date.now() - started) / 1000,
      baseline,
      samples,
      maxTextureDrift: Math.max(0, ...samples.map((s) => Math.abs(s.textures - baseline.textures))),
      listenerGrowth: Math.max(0, ...samples.map((s) => s.listeners - baseline.listeners)),
    };
  } finally {
    await context.close();
    if (!opts.browser) await browser.close();
    if (!opts.stack) await stack.close();
  }
}

import {
  type ActivityMessage,
  type ActivityStatus,
  activityMessage,
  activityPollDelay,
  type Client,
  createClient,
  type DataAge,
  DISPLAY_MESSAGES,
  emptyScreenData,
  mergeBarrage,
  type RouteInput,
  SCREEN_DATA_KEYS,
  type ScreenData,
  type ScreenDataKey,
  screenDataRoutes,
} from '@toy/shared';
import type { Logger } from 'pino';
import { z } from 'zod';
import { JsonFile } from './persist.js';

export interface PlatformOptions {
  apiBase: string | null;
  appSecret: string;
  cacheFile: string;
  listRefreshMs: number;
  barrageRefreshMs: number;
  activityPollScale: number;
  log: Logger;
  /** Called when a copy changes (value or age). */
  onChange: (key: ScreenDataKey, changed: 'value' | 'age') => void;
  fetchTimeoutMs?: number;
}

interface CacheFile {
  data: ScreenData;
  ages: Record<ScreenDataKey, DataAge>;
}

const emptyAge = (): DataAge => ({ ok_at: null, tried_at: null, error: null });
const BARRAGE_PAGES_PER_ROUND = 5;

/**
 * The platform's screen data: fetched from API_BASE on the spec's intervals (lists every 120 s,
 * activity messages every 20 s, the activity status by its own polling rule), validated with the
 * contract's schemas, and kept on disk. A failed fetch keeps the last good copy; each copy's age is
 * reported with it.
 */
export class PlatformData {
  readonly data: ScreenData;
  readonly ages: Record<ScreenDataKey, DataAge>;
  private readonly file: JsonFile<CacheFile>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = true;
  private readonly controller = new AbortController();
  private readonly client: Client | null;

  constructor(private readonly opts: PlatformOptions) {
    this.client = opts.apiBase
      ? createClient({ baseUrl: opts.apiBase, secret: opts.appSecret, timeoutMs: opts.fetchTimeoutMs ?? 10_000 })
      : null;
    this.file = new JsonFile(opts.cacheFile);
    this.data = emptyScreenData();
    this.ages = Object.fromEntries(SCREEN_DATA_KEYS.map((k) => [k, emptyAge()])) as Record<ScreenDataKey, DataAge>;
    this.loadCache();
  }

  private loadCache() {
    const cached = this.file.read() as Partial<CacheFile> | undefined;
    if (!cached?.data) return;
    for (const key of SCREEN_DATA_KEYS) {
      const schema = key === 'barrage' ? z.array(activityMessage).max(50) : screenDataRoutes[key].response;
      const raw = key === 'barrage' || key === 'active' ? cached.data[key] : { list: cached.data[key] };
      const parsed = schema.safeParse(raw);
      if (!parsed.success) continue;
      this.assign(key, parsed.data);
      const age = cached.ages?.[key];
      if (age) this.ages[key] = { ok_at: age.ok_at ?? null, tried_at: age.tried_at ?? null, error: age.error ?? null };
    }
  }

  private assign(key: ScreenDataKey, value: unknown) {
    const d = this.data as unknown as Record<string, unknown>;
    d[key] = key === 'barrage' || key === 'active' ? value : (value as { list: unknown }).list;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (!this.opts.apiBase) {
      for (const key of SCREEN_DATA_KEYS) this.ages[key].error = DISPLAY_MESSAGES.hub.noApiBase;
      return;
    }
    for (const key of ['sale', 'hot', 'brands', 'user'] as const) this.loop(key, () => this.opts.listRefreshMs);
    this.loop('barrage', () => this.opts.barrageRefreshMs);
    this.loop('active', (ok) =>
      Math.round(activityPollDelay(ok ? this.data.active : null) * this.opts.activityPollScale),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.controller.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.file.flush();
  }

  /** Fetch `key` now and then again after `delay(ok)`, until stopped. */
  private loop(key: ScreenDataKey, delay: (ok: boolean) => number) {
    const run = async () => {
      const ok = await this.refresh(key);
      if (this.stopped) return;
      const t = setTimeout(() => {
        this.timers.delete(t);
        void run();
      }, delay(ok));
      this.timers.add(t);
    };
    void run();
  }

  /** One refresh of one copy; true when the platform answered well. */
  async refresh(key: ScreenDataKey): Promise<boolean> {
    const age = this.ages[key];
    age.tried_at = Date.now();
    try {
      if (key === 'barrage') await this.refreshBarrage();
      else {
        const params: Record<string, string | number> =
          key === 'hot' ? { limit: 18 } : key === 'user' ? { limit: 7 } : {};
        const value = await this.call(key, params);
        this.update(key, value);
      }
      age.ok_at = Date.now();
      const hadError = age.error !== null;
      age.error = null;
      if (hadError) this.opts.onChange(key, 'age');
      this.save();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const changed = age.error !== message;
      age.error = message;
      if (changed) {
        this.opts.log.warn({ key, err: message }, 'screen data fetch failed; keeping the last good copy');
        this.opts.onChange(key, 'age');
      }
      this.save();
      return false;
    }
  }

  private async refreshBarrage() {
    let got: ActivityMessage[] = [];
    for (let page = 0; page < BARRAGE_PAGES_PER_ROUND; page++) {
      const last = this.data.barrage.at(-1)?.id ?? 0;
      got = (await this.call('barrage', { last_id: last, limit: 10 })) as ActivityMessage[];
      if (got.length) this.update('barrage', mergeBarrage(this.data.barrage, got));
      if (got.length < 10) break;
    }
  }

  private update(key: ScreenDataKey, value: unknown) {
    const before = JSON.stringify((this.data as unknown as Record<string, unknown>)[key]);
    this.assign(key, value);
    if (JSON.stringify((this.data as unknown as Record<string, unknown>)[key]) !== before)
      this.opts.onChange(key, 'value');
  }

  /** One signed call of the platform; the data must match the contract, else the copy is kept. */
  private async call(key: ScreenDataKey, params: Record<string, string | number>): Promise<unknown> {
    if (!this.client) throw new Error(DISPLAY_MESSAGES.hub.noApiBase);
    const def = screenDataRoutes[key];
    return this.client.call(def, params as RouteInput<typeof def>, { signal: this.controller.signal, strict: true });
  }

  private save() {
    this.file.save({ data: this.data, ages: this.ages });
  }

  /** Every image URL the data names: the only ones the image cache fetches. */
  imageUrls(): string[] {
    const urls: string[] = [];
    const d = this.data;
    for (const s of d.sale) urls.push(s.pic);
    for (const b of [...d.hot, ...d.brands]) urls.push(b.pic, b.logo);
    for (const u of d.user) urls.push(u.avatar, u.avatar_frame);
    for (const m of d.barrage) urls.push(m.user.avatar);
    const a: ActivityStatus = d.active;
    if (a.info) urls.push(a.info.reward_pic);
    for (const g of a.goods) urls.push(g.pic);
    for (const u of [...a.records, ...a.lucky_user]) urls.push(u.avatar, u.avatar_frame ?? '');
    return urls.filter((u) => /^https?:\/\//.test(u));
  }
}

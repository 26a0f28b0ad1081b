import { displayMessages } from '../messages-display.js';
import type { DisplayBrand, DisplayMessage, DisplayState, ScreenSlot, ScreensData } from './protocol.js';
import { type ActivityMessage, type ActivityStatus, type SaleEntry, SCREEN_ACTIVITY } from './screen-data.js';

/** Display timings (spec 03 §4 and §9), in milliseconds. */
export const DISPLAY_TIMING = {
  carouselPageMs: 5000,
  carouselFadeMs: 1000,
  healthReportMs: 10_000,
  countdownTickMs: 1000,
  countdownFrom: 15,
  winnersScrollMin: 20,
  winnersScrollDelayMs: 3000,
  luckyRevealMs: 3000,
  listRefreshMs: 120_000,
  barrageRefreshMs: 20_000,
  activityPoll: { goods: 1000, records: 6000, other: 1000, error: 3000 },
  reconnect: { baseMs: 250, capMs: 2000 },
} as const;

/** The hub's ports: the socket and the media server (spec 03 §9). */
export const DISPLAY_PORTS = { socket: 8765, media: 8764 } as const;

export const SCREEN_ROUTES = ['/screen_md', '/extend', '/extend_left', '/extend_center', '/extend_right'] as const;
export type ScreenRoute = (typeof SCREEN_ROUTES)[number];
/** Design widths: 2048 for the store screen, 2560 for the event screens. */
export const designWidthOf = (route: string) => (route === '/screen_md' ? 2048 : 2560);

/** The `wait`/`sell` data of a state: the spec's message body, complete. */
export function screensOf(state: DisplayState): Required<ScreensData> {
  return {
    leftScreen: state.leftScreen,
    centerScreen: state.centerScreen,
    rightScreen: state.rightScreen,
    ipInfo: state.ipInfo,
    actInfo: state.actInfo,
    ipList: state.ipList,
  };
}

export interface Applied {
  state: DisplayState;
  /** What to send every client, or null when the message changes nothing. */
  broadcast: DisplayMessage | null;
}

const SLOTS = ['leftScreen', 'centerScreen', 'rightScreen'] as const;

/**
 * The display's one reducer: the hub applies every accepted message with it and screens apply
 * every broadcast with it, so both hold the same state. Every change counts one `version`.
 */
export function applyMessage(state: DisplayState, message: DisplayMessage): Applied {
  const applied = reduce(state, message);
  return applied.broadcast ? { ...applied, state: { ...applied.state, version: state.version + 1 } } : applied;
}

function reduce(state: DisplayState, message: DisplayMessage): Applied {
  switch (message.type) {
    case 'wait':
    case 'sell': {
      const d = message.data;
      const next: DisplayState = {
        ...state,
        mode: message.type,
        closed: false,
        ...(d.leftScreen ? { leftScreen: d.leftScreen } : {}),
        ...(d.centerScreen ? { centerScreen: d.centerScreen } : {}),
        ...(d.rightScreen ? { rightScreen: d.rightScreen } : {}),
        ...(d.ipInfo !== undefined ? { ipInfo: d.ipInfo } : {}),
        ...(d.actInfo !== undefined ? { actInfo: d.actInfo } : {}),
        ...(d.ipList ? { ipList: d.ipList } : {}),
      };
      return { state: next, broadcast: { type: message.type, data: screensOf(next) } };
    }
    case 'open':
      return { state: { ...state, overlay: message.data }, broadcast: message };
    case 'close':
      return { state: { ...state, overlay: null }, broadcast: { type: 'close', data: {} } };
    case 'screenClose':
      return { state: { ...state, closed: true, overlay: null }, broadcast: { type: 'screenClose', data: {} } };
    case 'upDateInfo': {
      // The hub chose `ipInfo` from its own list (see judgeReport): the current brand and every screen
      // that played `from_ip_id` move on to it.
      if (state.mode !== 'wait' || state.closed) return { state, broadcast: null };
      const from = message.data.from_ip_id ?? null;
      const to = message.data.ipInfo;
      const next: DisplayState = { ...state };
      if ((state.ipInfo?.id ?? null) === from) next.ipInfo = to;
      if (from !== null)
        for (const k of SLOTS) if (next[k].ip_id === from) next[k] = { ...next[k], ip_id: to.id } as ScreenSlot;
      if (next.ipInfo === state.ipInfo && SLOTS.every((k) => next[k] === state[k])) return { state, broadcast: null };
      return { state: next, broadcast: { type: 'upDateInfo', data: { ipInfo: to, from_ip_id: from } } };
    }
    case 'toAdmin':
      // A notice for the control pages: it changes nothing on the screens.
      return { state, broadcast: null };
  }
}

/** The brand a screen shows: its own `ip_id` when set (looked up in `ipList`), else `ipInfo`. */
export function brandOf(state: DisplayState, slot: ScreenSlot): DisplayBrand | null {
  if (slot.ip_id)
    return state.ipList.find((b) => b.id === slot.ip_id) ?? (state.ipInfo?.id === slot.ip_id ? state.ipInfo : null);
  return state.ipInfo;
}

/** The sale a sell screen shows: the operator's `actInfo`, else the first launch that has started, else the first. */
export function saleOnNow(state: DisplayState, sale: readonly SaleEntry[]): SaleEntry | null {
  return state.actInfo ?? sale.find((e) => e.state === 1) ?? sale[0] ?? null;
}

/**
 * The brand the screens' header names: in sell mode the brands of the sale on now (the video
 * rotation of wait mode may have moved `ipInfo` to another brand), else `ipInfo`.
 */
export function headerBrandTitle(state: DisplayState, sale: readonly SaleEntry[]): string | null {
  if (state.mode === 'sell') {
    const titles = (saleOnNow(state, sale)?.ips ?? []).map((b) => b.title).filter(Boolean);
    if (titles.length) return titles.join('、');
  }
  return state.ipInfo?.title ?? null;
}

/** The next brand after `currentId` in the list that has a video, wrapping round; null if none. */
export function nextVideoBrand(
  list: readonly DisplayBrand[],
  currentId: number | null | undefined,
): DisplayBrand | null {
  const withVideo = list.filter((b) => b.video);
  if (withVideo.length === 0) return null;
  const at = list.findIndex((b) => b.id === currentId);
  for (let i = 1; i <= list.length; i++) {
    const b = list[(at + i + list.length) % list.length]!;
    if (b.video) return b;
  }
  return withVideo[0]!;
}

/** How long the hub waits before polling the activity status again (spec 03 §4). */
export function activityPollDelay(status: ActivityStatus | null): number {
  const p = DISPLAY_TIMING.activityPoll;
  if (!status) return p.error;
  if (status.type === 3) return p.records;
  if (status.type === 2) return p.goods;
  return p.other;
}

/** What the activity screen shows for a status type. */
export type ActivityView = 'goods' | 'records' | 'lucky' | 'hidden';
export function activityViewOf(status: ActivityStatus | null | undefined): ActivityView {
  switch (status?.type) {
    case 2:
      return 'goods';
    case 3:
      return 'records';
    case 4:
      return 'lucky';
    default:
      return 'hidden';
  }
}

/** Lucky-user states: 0 and 3 show the winners (3); 1 and 2 show the wait (2), then 3 after 3 s. */
export function luckyStateOf(state: number): { now: 2 | 3; thenAfterMs: number | null } {
  return state === 1 || state === 2
    ? { now: 2, thenAfterMs: DISPLAY_TIMING.luckyRevealMs }
    : { now: 3, thenAfterMs: null };
}

/** Reconnect delay with jitter: 125–250 ms, then doubling up to 1–2 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const { baseMs, capMs } = DISPLAY_TIMING.reconnect;
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Carousel cards per page: 4 in centre mode, else 3. */
export const carouselPageSize = (centre: boolean) => (centre ? 4 : 3);

export function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** `HH:mm` of a `yyyy-MM-dd HH:mm:ss` time (or the text as it is). */
export const clockOf = (time: string) => /\d{2}:\d{2}/.exec(time.slice(10))?.[0] ?? time;

/** A launch card's status line: started cards say drawn (type 1) or on sale, others their time. */
export function saleStateText(entry: Pick<SaleEntry, 'state' | 'type' | 'begin'>): string {
  if (entry.state === 1) return entry.type === 1 ? '已抽选' : '发售中';
  return `${clockOf(entry.begin)} 开始`;
}
export const saleTypeText = (type: number) => (type === 1 ? '抽选' : '发售');

/**
 * A launch's key among the day's launches: draw machines and kujis have their own ids, so the id
 * alone may name two launches (a cached entry without `activity_type` is a draw machine's).
 */
export const saleKey = (entry: Pick<SaleEntry, 'id'> & { activity_type?: number }) =>
  `${entry.activity_type ?? SCREEN_ACTIVITY.machine}-${entry.id}`;

/** The sale-preview list animates when it has more than 10 lines. */
export const SELL_LIST_STATIC_LINES = 10;
export const sellListAnimates = (lines: number) => lines > SELL_LIST_STATIC_LINES;

/** Winners scroll when there are at least 20, starting after 3 s. */
export const winnersScroll = (count: number) => count >= DISPLAY_TIMING.winnersScrollMin;

/** The countdown's start: `num`, 15 when absent. */
export const countdownFrom = (num: number | undefined) => (num && num > 0 ? num : DISPLAY_TIMING.countdownFrom);

/** 13812341234 → 138****1234. */
export function maskPhone(phone: string | undefined): string {
  if (!phone) return '';
  const d = phone.replace(/\s+/g, '');
  return d.length >= 7 ? `${d.slice(0, 3)}****${d.slice(-4)}` : d;
}

/** The line an activity message shows after the user's name. */
export function actionText(
  m: Pick<ActivityMessage, 'action' | 'ip_title' | 'active_title' | 'vip_level' | 'ticket_level'>,
) {
  switch (m.action) {
    case 1:
      return `在「${m.ip_title}」抽盒机抽中 ${m.active_title}`;
    case 2:
      return `购买了「${m.ip_title}」${m.active_title}`;
    case 3:
      return `在「${m.active_title}」抽选中签`;
    case 4:
      return `在一番赏「${m.active_title}」抽中 ${m.ticket_level || ''}赏`;
    default:
      return `升级为 VIP${m.vip_level}`;
  }
}

/** Yuan with two decimals. */
export const yuanText = (v: number) => `¥${(Math.round(v * 100) / 100).toFixed(2)}`;

/** Keep the newest `max` activity messages, oldest first, without duplicates. */
export function mergeBarrage(have: readonly ActivityMessage[], got: readonly ActivityMessage[], max = 50) {
  const byId = new Map<number, ActivityMessage>();
  for (const m of [...have, ...got]) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-max);
}

/** The connection messages of spec 03 §8 (and the hub's own), from the display's message catalogue. */
export const DISPLAY_MESSAGES = displayMessages;

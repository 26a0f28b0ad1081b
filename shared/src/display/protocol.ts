import { z } from 'zod';
import { dataAge, displayUser, prizeInfo, saleEntry } from './screen-data.js';

/**
 * The venue display protocol (spec 03 §3 "Socket message", §4 "Display screen socket"): JSON
 * `{type, data}` over the WebSocket on 8765. The hub adds `seq` (per hub, counting every state
 * broadcast) and `epoch` (per hub start) to what it sends, so a screen tells a gap from a replay.
 */

/** Centre screen modes (spec 03 §4). */
export const CenterMode = { video: 1, brand: 2, info: 3, sale: 4 } as const;
/** Left and right screen modes: 0 and 5 are the right panel (5 is its second mode, 18 brands). */
export const SideMode = { panel: 0, video: 1, brand: 2, info: 3, sell: 4, panelWide: 5 } as const;
export type CenterModeValue = (typeof CenterMode)[keyof typeof CenterMode];
export type SideModeValue = (typeof SideMode)[keyof typeof SideMode];

export const CENTER_MODE_LABELS: Record<number, string> = { 1: '视频', 2: '品牌', 3: '品牌信息', 4: '发售' };
export const SIDE_MODE_LABELS: Record<number, string> = {
  0: '右屏面板',
  5: '右屏面板（18品牌）',
  1: '视频',
  2: '品牌',
  3: '左屏信息',
  4: '发售',
};

const slot = (modes: readonly number[]) =>
  z.preprocess(
    (v) => (typeof v === 'number' || typeof v === 'string' ? { mode: Number(v) } : v),
    z.object({
      mode: z
        .number()
        .int()
        .refine((m) => modes.includes(m), 'unknown mode'),
      /** The brand this screen shows; the shared `ipInfo` when null. */
      ip_id: z.number().int().positive().nullable().default(null),
    }),
  );
/** A screen's setting: a mode number (the spec's form) or `{mode, ip_id}`. */
export const centerSlot = slot(Object.values(CenterMode));
export const sideSlot = slot(Object.values(SideMode));
export type ScreenSlot = z.infer<typeof centerSlot>;

/** A brand as the screens show it; `video`, `pic` and `logo` are URLs or media-library names. */
export const displayBrand = z.object({
  id: z.number().int(),
  title: z.string().max(200),
  pic: z.string().max(2000).default(''),
  logo: z.string().max(2000).default(''),
  video: z.string().max(2000).default(''),
  /** 2 means shop, else brand. */
  type: z.number().int().default(1),
});
export type DisplayBrand = z.infer<typeof displayBrand>;

/** `wait` and `sell`: what the three screens show (spec "data{leftScreen, centerScreen, …}"). */
export const screensData = z.object({
  leftScreen: sideSlot.optional(),
  centerScreen: centerSlot.optional(),
  rightScreen: sideSlot.optional(),
  ipInfo: displayBrand.nullable().optional(),
  actInfo: saleEntry.nullable().optional(),
  ipList: z.array(displayBrand).max(100).optional(),
});
export type ScreensData = z.infer<typeof screensData>;

/**
 * `open`: the prize overlay (spec "Prize info" and "Lottery data" in one shape).
 * active_type 5: a countdown from `num` (15 by default). active_type 1: state 1 the draw with the
 * participants in `data`, state 2 the slowdown, state 3 the winners in `lucky_user`.
 * Any other type: the prize card (`info`) and its `records`.
 */
export const openData = z.object({
  active_type: z.number().int(),
  state: z.number().int().min(0).max(9).default(1),
  active_id: z.number().int().optional(),
  info: prizeInfo.optional(),
  records: z.array(displayUser).max(500).default([]),
  lucky_user: z.array(displayUser).max(500).default([]),
  data: z.array(displayUser).max(500).default([]),
  num: z.number().int().min(1).max(3600).optional(),
  /**
   * When the countdown started, in the hub's Unix ms: the hub sets it on every countdown it accepts
   * (anything an operator sends here is replaced), so every screen shows the same remaining time and
   * a screen opened after zero shows the result.
   */
  started_at: z.number().int().min(0).optional(),
});
export type OpenData = z.infer<typeof openData>;

/**
 * `toAdmin` as the hub sends it to the control pages: a notice about a screen, worded by the hub
 * (a screen reports an event; it never chooses the words the operator reads).
 */
export const toAdminData = z.object({
  event: z.enum(['videoEnded', 'videoError']),
  message: z.string().max(500).default(''),
  ip_id: z.number().int().nullable().optional(),
  route: z.string().max(100).optional(),
  at: z.number().optional(),
});
export type ToAdminData = z.infer<typeof toAdminData>;

/** `upDateInfo` as the hub broadcasts it: after a video ends in wait mode, the next brand that has a video. */
export const upDateInfoData = z.object({
  ipInfo: displayBrand,
  /** The brand whose video ended (null: the screen had no brand yet). */
  from_ip_id: z.number().int().nullable().optional(),
});

/** The state version a screen's report was made from: the hub applies it only against that version. */
const reportVersion = z.number().int().min(0);

/**
 * What a screen may report (spec 03 §4): its video ended or could not play. The screen names the
 * brand it was playing and the state version it saw; the hub checks both against its own state and
 * decides what follows (the next brand of its own list, or brand screens in sell mode). Anything
 * else a screen puts in the message (a brand, a title, a picture, words for the operator) is
 * dropped by these schemas.
 */
export const screenReportData = {
  /** `upDateInfo` from a screen: "the video of `from_ip_id` ended" (the spec's wait-mode message). */
  upDateInfo: z.object({ from_ip_id: z.number().int().nullable().default(null), version: reportVersion }),
  /** `toAdmin` from a screen: its video ended (`videoEnded`) or could not play (`videoError`). */
  toAdmin: z.object({
    event: z.enum(['videoEnded', 'videoError']),
    ip_id: z.number().int().nullable().default(null),
    version: reportVersion,
  }),
};
export type ScreenReport = {
  event: 'videoEnded' | 'videoError';
  /** The brand the screen was playing (null when it had none). */
  ip_id: number | null;
  version: number;
};

/** A screen's health report, every 10 s. */
export const healthData = z.object({
  route: z.string().max(100),
  fps: z.number().min(0).max(1000),
  textures: z.number().int().min(0),
  /** JS heap in use, MB (0 where the browser does not say). */
  heap: z.number().min(0),
  uptime: z.number().min(0),
  listeners: z.number().int().min(0).optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type HealthData = z.infer<typeof healthData>;

/** The control page presents the venue's control key. */
export const helloData = z.object({ key: z.string().max(200) });

const empty = z.preprocess((v) => v ?? {}, z.object({}));

const commands = {
  wait: z.object({ type: z.literal('wait'), data: screensData }),
  sell: z.object({ type: z.literal('sell'), data: screensData }),
  open: z.object({ type: z.literal('open'), data: openData }),
  close: z.object({ type: z.literal('close'), data: empty }),
  screenClose: z.object({ type: z.literal('screenClose'), data: empty }),
};

/** The spec's seven message types, each with its data, as the hub sends them. */
export const displayMessage = z.discriminatedUnion('type', [
  commands.wait,
  commands.sell,
  commands.open,
  commands.close,
  commands.screenClose,
  z.object({ type: z.literal('toAdmin'), data: toAdminData }),
  z.object({ type: z.literal('upDateInfo'), data: upDateInfoData }),
]);
export type DisplayMessage = z.infer<typeof displayMessage>;
export type DisplayMessageType = DisplayMessage['type'];
export const DISPLAY_MESSAGE_TYPES = ['wait', 'sell', 'open', 'close', 'screenClose', 'toAdmin', 'upDateInfo'] as const;

/**
 * What any client may send: the operator's five commands, a screen's two reports, and the hub's own
 * `hello` and `health`. (`upDateInfo` and `toAdmin` have other shapes going out: see displayMessage.)
 */
export const inboundMessage = z.discriminatedUnion('type', [
  commands.wait,
  commands.sell,
  commands.open,
  commands.close,
  commands.screenClose,
  z.object({ type: z.literal('upDateInfo'), data: screenReportData.upDateInfo }),
  z.object({ type: z.literal('toAdmin'), data: screenReportData.toAdmin }),
  z.object({ type: z.literal('hello'), data: helloData }),
  z.object({ type: z.literal('health'), data: healthData }),
]);
export type InboundMessage = z.infer<typeof inboundMessage>;

/** Sent only by a connection holding the control key. */
export const CONTROL_TYPES = new Set(['wait', 'sell', 'open', 'close', 'screenClose']);
/** Sent by a screen (never by an admin=1 preview): the spec's display-originated reports and health. */
export const SCREEN_TYPES = new Set(['upDateInfo', 'toAdmin', 'health']);

/** A screen's report as one shape, whichever message carried it. */
export function reportOf(message: InboundMessage): ScreenReport | null {
  if (message.type === 'upDateInfo')
    return { event: 'videoEnded', ip_id: message.data.from_ip_id, version: message.data.version };
  if (message.type === 'toAdmin') return { ...message.data };
  return null;
}

/** The whole display: what the hub keeps, persists and sends as a snapshot. */
export const displayState = z.object({
  mode: z.enum(['wait', 'sell']).nullable(),
  leftScreen: sideSlot,
  centerScreen: centerSlot,
  rightScreen: sideSlot,
  ipInfo: displayBrand.nullable(),
  actInfo: saleEntry.nullable(),
  ipList: z.array(displayBrand),
  /** The prize overlay (`open`), null when closed. */
  overlay: openData.nullable(),
  /** After `screenClose` every screen is dark until the next `wait` or `sell`. */
  closed: z.boolean(),
  /**
   * Counts every change (a command or an accepted report), kept across restarts: a screen's report
   * names the version it was made from, and a report made from an older state is dropped.
   */
  version: z.number().int().min(0).default(0),
});
export type DisplayState = z.infer<typeof displayState>;

export const initialDisplayState = (): DisplayState => ({
  mode: null,
  leftScreen: { mode: SideMode.panel, ip_id: null },
  centerScreen: { mode: CenterMode.info, ip_id: null },
  rightScreen: { mode: SideMode.panelWide, ip_id: null },
  ipInfo: null,
  actInfo: null,
  ipList: [],
  overlay: null,
  closed: false,
  version: 0,
});

/** A connection's role: screens and previews listen; only `control` commands. */
export type ClientRole = 'screen' | 'preview' | 'control';

/** One connected client as the control page and the status page see it. */
export const clientInfo = z.object({
  id: z.string(),
  role: z.enum(['screen', 'preview', 'control']),
  route: z.string(),
  address: z.string(),
  connected_at: z.number(),
  last_pong: z.number().nullable(),
  health: healthData.extend({ at: z.number() }).nullable(),
});
export type ClientInfo = z.infer<typeof clientInfo>;

export const hubCounters = z.object({
  received: z.number().int(),
  broadcast: z.number().int(),
  dropped: z.number().int(),
  refused: z.number().int(),
  /** Screen reports made from an older state than the hub's (dropped). */
  stale: z.number().int(),
  terminated: z.number().int(),
  connections: z.number().int(),
});
export type HubCounters = z.infer<typeof hubCounters>;

/**
 * What the hub sends: every frame carries the hub's `seq` and `epoch`, and the state `version` as of
 * that frame (a screen's reports name it).
 */
export interface HubFrame<T = unknown> {
  type: string;
  data: T;
  seq: number;
  epoch: string;
  version: number;
  /** The hub's clock (Unix ms) when the frame was made: screens measure shared times against it. */
  now?: number;
}

/** Frames only the hub sends. */
export const snapshotData = z.object({
  state: displayState,
  screenData: z.record(z.string(), z.unknown()),
  ages: z.record(z.string(), dataAge),
  /** Names in the media library (sounds and images the screens may use). */
  media: z.array(z.string()),
  /** The venue's time zone (IANA name): screen clocks and the control page show times in it. */
  timeZone: z.string().default('Asia/Shanghai'),
});
export type SnapshotData = z.infer<typeof snapshotData>;

export const welcomeData = z.object({ id: z.string(), role: z.enum(['screen', 'preview', 'control']) });
export const refusedData = z.object({ type: z.string().nullable(), reason: z.string() });
/** Sent to a control page after each of its commands was handled (after the broadcast it caused). */
export const ackData = z.object({ version: z.number().int() });
/** Sent to a control page when it is let in: the notices the hub kept, newest first. */
export const noticesData = z.object({ notices: z.array(toAdminData) });
export const statusData = z.object({
  clients: z.array(clientInfo),
  counters: hubCounters,
  ages: z.record(z.string(), dataAge),
  uptime: z.number(),
});
export type StatusData = z.infer<typeof statusData>;
export const screenDataFrame = z.object({ key: z.string(), value: z.unknown(), age: dataAge });

export type ParseResult =
  | { ok: true; message: InboundMessage }
  | { ok: false; reason: 'json' | 'shape' | 'unknown' | 'data'; type: string | null };

/** Parse one inbound text frame. Anything but a valid message is a reason to drop it. */
export function parseInbound(raw: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'json', type: null };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'shape', type: null };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, reason: 'shape', type: null };
  if (!inboundMessage.options.some((o) => o.shape.type.value === type)) return { ok: false, reason: 'unknown', type };
  const parsed = inboundMessage.safeParse(value);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, reason: 'data', type };
}

import { displayMessages } from '../messages-display.js';
import { brandOf, nextVideoBrand, screensOf } from './logic.js';
import {
  CenterMode,
  type DisplayMessage,
  type DisplayState,
  type ScreenReport,
  type ScreenSlot,
  SideMode,
  type ToAdminData,
} from './protocol.js';

/**
 * judgeReport: what the hub does with a screen's report (spec 03 §4 "A video ending in wait mode
 * advances to the next brand that has a video … In sell mode all three screens become brand
 * screens and the display notifies the admin"). The screen only says which brand's video ended on
 * its own screen and which state version it saw; the hub decides what follows from its own state.
 */

export type SlotKey = 'leftScreen' | 'centerScreen' | 'rightScreen';

/** The slot each screen route plays (the store screen shows the centre screen's content). */
export const SLOT_OF_ROUTE: Readonly<Record<string, SlotKey>> = {
  '/extend_left': 'leftScreen',
  '/extend_center': 'centerScreen',
  '/extend_right': 'rightScreen',
  '/screen_md': 'centerScreen',
};

const SLOTS: readonly SlotKey[] = ['leftScreen', 'centerScreen', 'rightScreen'];
const isVideo = (key: SlotKey, slot: ScreenSlot) =>
  slot.mode === (key === 'centerScreen' ? CenterMode.video : SideMode.video);

export type ReportVerdict =
  /** `message`: what to apply and broadcast (null: nothing changes); `notice`: what the operator reads. */
  | { ok: true; message: DisplayMessage | null; notice: ToAdminData | null }
  /** `stale`: made from an older state (dropped quietly); otherwise refused with `reason`. */
  | { ok: false; stale: boolean; reason: string };

const refuse = (reason: string): ReportVerdict => ({ ok: false, stale: false, reason });

export function judgeReport(state: DisplayState, report: ScreenReport, route: string): ReportVerdict {
  const key = SLOT_OF_ROUTE[route];
  if (!key) return refuse(displayMessages.hub.screensOnly);
  // A video error is a notice about what plays now; an ended video changes the state, so it must
  // have been seen on the state it changes.
  if (report.event === 'videoEnded' && report.version !== state.version)
    return { ok: false, stale: true, reason: 'stale' };
  const slot = state[key];
  const playing = brandOf(state, slot);
  if (state.closed || !state.mode || !isVideo(key, slot) || (playing?.id ?? null) !== report.ip_id)
    return refuse(displayMessages.hub.notPlaying);
  const title = playing?.title ?? '';
  const notice = (event: ToAdminData['event'], message: string): ToAdminData => ({
    event,
    message,
    ip_id: report.ip_id,
    route,
  });
  if (report.event === 'videoError')
    return { ok: true, message: null, notice: notice('videoError', displayMessages.notice.videoError(title)) };

  if (state.mode === 'wait') {
    const next = nextVideoBrand(state.ipList, report.ip_id);
    if (!next || next.id === report.ip_id) return { ok: true, message: null, notice: null };
    return {
      ok: true,
      message: { type: 'upDateInfo', data: { ipInfo: next, from_ip_id: report.ip_id } },
      notice: null,
    };
  }
  // Sell mode: the three screens become brand screens, and the operator is told.
  if (SLOTS.every((k) => state[k].mode === SideMode.brand)) return { ok: true, message: null, notice: null };
  const screens = screensOf(state);
  for (const k of SLOTS) screens[k] = { ...state[k], mode: SideMode.brand } as ScreenSlot;
  return {
    ok: true,
    message: { type: 'sell', data: screens },
    notice: notice('videoEnded', displayMessages.notice.videoEnded(title)),
  };
}

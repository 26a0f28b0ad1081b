import {
  type DataAge,
  DISPLAY_MESSAGES,
  type DisplayMessage,
  type DisplayState,
  emptyScreenData,
  initialDisplayState,
  type ScreenData,
  type StatusData,
} from '@toy/shared/display';
import { toast } from '../common/toast.js';
import type { MediaFile } from './panels.js';

/** What the control page knows and shows. */
export const ui = {
  key: '',
  authorized: false,
  connected: false,
  state: initialDisplayState() as DisplayState,
  data: emptyScreenData() as ScreenData,
  ages: {} as Record<string, DataAge>,
  status: null as StatusData | null,
  notices: [] as { at: number; text: string }[],
  media: [] as MediaFile[],
  mediaMessage: '',
  /** The live previews shown: none until the operator opens one (each is a WebGL screen of its own). */
  previews: [] as string[],
  overlay: { title: '', pic: '', num: 15, people: '', winners: '' },
  mediaBase: '',
  /** The venue's time zone, as the hub says (notice times are shown in it). */
  timeZone: 'Asia/Shanghai',
};

let sender: (message: DisplayMessage) => boolean = () => false;
export function setSender(fn: (message: DisplayMessage) => boolean): void {
  sender = fn;
}

/**
 * The operator's commands, one at a time: each is built from the state as the hub left it after the
 * previous one (the hub acknowledges a command after its broadcast), so a command given before the
 * last one's echo arrived is not computed from an older state — under load, a screen change right
 * after 发售 would otherwise send 待机 again.
 */
type Build = (state: DisplayState) => DisplayMessage | null;
const queue: Build[] = [];
let waiting: ReturnType<typeof setTimeout> | null = null;
/** A command the hub dropped (never acknowledged) does not hold the others back longer than this. */
const ACK_TIMEOUT_MS = 5000;

function flush(): void {
  while (!waiting && queue.length) {
    const message = queue.shift()!(ui.state);
    if (!message) continue;
    if (!sender(message)) {
      // While the socket is down the operator reads 请开启服务, and nothing is kept for later.
      queue.length = 0;
      toast(DISPLAY_MESSAGES.serviceOff, 'error');
      return;
    }
    waiting = setTimeout(acknowledged, ACK_TIMEOUT_MS);
  }
}

/** Send a command built from the state current when its turn comes. */
export function command(build: Build): void {
  queue.push(build);
  flush();
}

/** Send a command that does not depend on the state. */
export function send(message: DisplayMessage): void {
  command(() => message);
}

/** The hub handled the command in flight (its broadcast, if any, came first): send the next. */
export function acknowledged(): void {
  if (waiting) clearTimeout(waiting);
  waiting = null;
  flush();
}

/** The socket went down: what was not sent is dropped. */
export function dropCommands(): void {
  if (waiting) clearTimeout(waiting);
  waiting = null;
  queue.length = 0;
}

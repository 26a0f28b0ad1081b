import { DISPLAY_MESSAGE_TYPES, type HubFrame, reconnectDelay } from '@toy/shared/display';

export interface SocketEvents {
  /** A frame in order: snapshots, and broadcasts without a gap or a replay. */
  frame(frame: HubFrame): void;
  open(): void;
  /** The socket failed or closed; `first` is true for the first failure after being connected. */
  down(first: boolean): void;
}

/** State broadcasts carry consecutive seq; `toAdmin` is a notice relayed to control pages, not a state change. */
const BROADCAST = new Set<string>(DISPLAY_MESSAGE_TYPES.filter((t) => t !== 'toAdmin'));
/** A socket that stays open this long resets the backoff. */
const STABLE_MS = 5000;

/**
 * The hub socket of a screen or the control page: reconnects with jittered backoff, and checks
 * `seq`/`epoch` on every state broadcast. A replay (seq already seen) is ignored; a gap closes the
 * socket so that the reconnect brings a fresh snapshot.
 */
export class HubSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private openedAt = 0;
  private wasUp = true;
  private stopped = false;
  seq = -1;
  epoch = '';
  /** Counts for the page's diagnostics. */
  readonly stats = { opens: 0, gaps: 0, replays: 0, sent: 0 };

  constructor(
    private readonly url: string,
    private readonly events: SocketEvents,
  ) {}

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  connect(): void {
    this.stopped = false;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.openedAt = Date.now();
      this.wasUp = true;
      this.stats.opens++;
      this.events.open();
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => undefined;
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (Date.now() - this.openedAt > STABLE_MS) this.attempt = 0;
      this.events.down(this.wasUp);
      this.wasUp = false;
      if (!this.stopped) this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
    };
  }

  private receive(data: unknown) {
    if (typeof data !== 'string') return;
    let frame: HubFrame;
    try {
      frame = JSON.parse(data) as HubFrame;
    } catch {
      return;
    }
    if (frame.type === 'snapshot') {
      this.seq = frame.seq;
      this.epoch = frame.epoch;
    } else if (BROADCAST.has(frame.type)) {
      if (frame.epoch !== this.epoch || frame.seq > this.seq + 1) {
        // A gap (or a new hub without its snapshot yet): resync from a fresh snapshot.
        this.stats.gaps++;
        this.ws?.close();
        return;
      }
      if (frame.seq <= this.seq) {
        this.stats.replays++;
        return;
      }
      this.seq = frame.seq;
    }
    this.events.frame(frame);
  }

  /** Send a message; false (and nothing sent) while the socket is down. */
  send(message: { type: string; data: unknown }): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    this.stats.sent++;
    return true;
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }
}

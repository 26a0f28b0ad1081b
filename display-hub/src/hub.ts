import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type ClientInfo,
  type ClientRole,
  CONTROL_TYPES,
  DISPLAY_MESSAGES,
  type DisplayMessage,
  type HealthData,
  type HubCounters,
  type HubFrame,
  judgeReport,
  parseInbound,
  reportOf,
  SCREEN_TYPES,
  type ScreenReport,
  type SnapshotData,
  type StatusData,
  type ToAdminData,
  toAdminData,
} from '@toy/shared';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { JsonFile } from './persist.js';
import type { StateStore } from './state.js';

interface Client {
  id: string;
  socket: WebSocket;
  role: ClientRole;
  route: string;
  address: string;
  connectedAt: number;
  alive: boolean;
  lastPong: number | null;
  health: (HealthData & { at: number }) | null;
}

export interface HubOptions {
  store: StateStore;
  controlKey: string;
  heartbeatMs: number;
  maxBufferedBytes: number;
  log: Logger;
  /** The snapshot's platform data, ages and media names. */
  snapshotExtras: () => Omit<SnapshotData, 'state'>;
  statusExtras: () => Pick<StatusData, 'ages'>;
  /** Where the operator's notices are kept, so a reopened control page still shows them. */
  noticesFile?: string;
}

const M = DISPLAY_MESSAGES.hub;
/** The operator reads at most one notice per screen and brand in this time. */
const NOTICE_EVERY_MS = 10_000;
/** The notices a control page finds when it opens. */
const NOTICES_KEPT = 50;

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The socket side of the hub: who is connected and in which role, what each may send, the
 * snapshot on connect, ordered broadcasts with `seq`/`epoch`/`version`, heartbeats and send-buffer
 * limits. Commands need the control key and are acknowledged to their sender; a screen's report
 * is judged against the hub's own state (judgeReport) and dropped when made from an older one.
 */
export class Hub {
  readonly epoch = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  private seq = 0;
  private readonly clients = new Map<WebSocket, Client>();
  readonly counters: HubCounters = {
    received: 0,
    broadcast: 0,
    dropped: 0,
    refused: 0,
    stale: 0,
    terminated: 0,
    connections: 0,
  };
  /** When the operator last read a notice about each screen route and brand. */
  private readonly noticedAt = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly statusTimer: NodeJS.Timeout;
  private statusDue = false;
  private readonly startedAt = Date.now();
  /** The operator's notices, newest first (kept on disk when a file is given). */
  private notices: ToAdminData[] = [];
  private readonly noticesFile: JsonFile<ToAdminData[]> | null;

  constructor(private readonly opts: HubOptions) {
    this.noticesFile = opts.noticesFile ? new JsonFile(opts.noticesFile, 100) : null;
    const kept = toAdminData.array().safeParse(this.noticesFile?.read());
    if (kept.success) this.notices = kept.data.slice(0, NOTICES_KEPT);
    this.heartbeat = setInterval(() => this.beat(), opts.heartbeatMs);
    this.heartbeat.unref();
    this.statusTimer = setInterval(() => this.flushStatus(), 1000);
    this.statusTimer.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** A new socket: register it, answer with `welcome` and the snapshot at once. */
  attach(socket: WebSocket, query: { route?: string; admin?: string; cid?: string }, address: string): void {
    const client: Client = {
      id: (query.cid && /^[\w-]{4,64}$/.test(query.cid) ? query.cid : randomUUID().slice(0, 12)) as string,
      socket,
      role: query.admin === '1' ? 'preview' : 'screen',
      route: typeof query.route === 'string' ? query.route.slice(0, 100) : '',
      address,
      connectedAt: Date.now(),
      alive: true,
      lastPong: null,
      health: null,
    };
    this.clients.set(socket, client);
    this.counters.connections++;
    socket.on('pong', () => {
      client.alive = true;
      client.lastPong = Date.now();
    });
    socket.on('message', (raw, isBinary) => this.receive(client, raw, isBinary));
    socket.on('close', () => {
      this.clients.delete(socket);
      socket.removeAllListeners();
      this.statusDue = true;
    });
    socket.on('error', (err) => this.opts.log.debug({ err, client: client.id }, 'socket error'));
    this.send(client, 'welcome', { id: client.id, role: client.role });
    this.sendSnapshot(client);
    this.statusDue = true;
  }

  /** A frame, encoded once: every socket it goes to gets the same bytes. */
  private frame(type: string, data: unknown): Buffer {
    const version = this.opts.store.state.version;
    return Buffer.from(
      JSON.stringify({ type, data, seq: this.seq, epoch: this.epoch, version, now: Date.now() } satisfies HubFrame),
    );
  }

  private send(client: Client, type: string, data: unknown): void {
    this.write(client, this.frame(type, data));
  }

  /** Send one serialized frame; a socket whose buffer is past the limit is closed instead. */
  private write(client: Client, bytes: Buffer): void {
    const s = client.socket;
    if (s.readyState !== s.OPEN) return;
    if (s.bufferedAmount > this.opts.maxBufferedBytes) {
      this.counters.terminated++;
      this.opts.log.warn({ client: client.id, buffered: s.bufferedAmount }, 'send buffer over the limit; closing');
      s.terminate();
      return;
    }
    s.send(bytes, { binary: false });
  }

  sendSnapshot(client: Client): void {
    this.send(client, 'snapshot', {
      state: this.opts.store.state,
      ...this.opts.snapshotExtras(),
    } satisfies SnapshotData);
  }

  private refuse(client: Client, type: string | null, reason: string): void {
    this.counters.refused++;
    this.opts.log.info({ client: client.id, role: client.role, type, reason }, 'message refused');
    this.send(client, 'refused', { type, reason });
  }

  private receive(client: Client, raw: unknown, isBinary: boolean): void {
    this.counters.received++;
    if (isBinary) {
      this.counters.dropped++;
      return;
    }
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : String(raw);
    const parsed = parseInbound(text);
    if (!parsed.ok) {
      this.counters.dropped++;
      this.opts.log.debug({ client: client.id, reason: parsed.reason, type: parsed.type }, 'message dropped');
      return;
    }
    const m = parsed.message;
    if (m.type === 'hello') {
      if (sameKey(m.data.key, this.opts.controlKey)) {
        client.role = 'control';
        this.send(client, 'welcome', { id: client.id, role: client.role });
        this.send(client, 'notices', { notices: this.notices });
        this.sendStatus(client);
        this.statusDue = true;
      } else this.refuse(client, 'hello', M.wrongKey);
      return;
    }
    if (CONTROL_TYPES.has(m.type)) {
      if (client.role !== 'control') {
        this.refuse(client, m.type, M.needKey);
        return;
      }
      this.dispatch(m as DisplayMessage);
      // After the broadcast: the sender computes its next command from the state this one made.
      this.send(client, 'ack', { version: this.opts.store.state.version });
      return;
    }
    if (!SCREEN_TYPES.has(m.type)) return;
    if (client.role !== 'screen') {
      this.refuse(client, m.type, client.role === 'preview' ? M.previewReadOnly : M.screensOnly);
      return;
    }
    if (m.type === 'health') {
      client.health = { ...m.data, at: Date.now() };
      this.statusDue = true;
      return;
    }
    const report = reportOf(m);
    if (report) this.report(client, m.type, report);
  }

  /** A screen's report: applied only against the state it was made from, and only about its own video. */
  private report(client: Client, type: string, report: ScreenReport): void {
    const verdict = judgeReport(this.opts.store.state, report, client.route);
    if (!verdict.ok && !verdict.stale) {
      this.refuse(client, type, verdict.reason);
      return;
    }
    if (!verdict.ok) {
      this.counters.stale++;
      this.opts.log.debug({ client: client.id, type, version: report.version }, 'stale screen report dropped');
      return;
    }
    if (verdict.message) this.dispatch(verdict.message);
    const notice = verdict.notice;
    if (!notice) return;
    const key = `${notice.route}|${notice.ip_id ?? ''}|${notice.event}`;
    const now = Date.now();
    if (notice.event === 'videoError' && now - (this.noticedAt.get(key) ?? 0) < NOTICE_EVERY_MS) {
      this.counters.dropped++;
      return;
    }
    if (this.noticedAt.size > 1000) this.noticedAt.clear();
    this.noticedAt.set(key, now);
    const kept: ToAdminData = { ...notice, at: now };
    this.notices = [kept, ...this.notices].slice(0, NOTICES_KEPT);
    this.noticesFile?.save(this.notices);
    this.toControls('toAdmin', kept);
  }

  /** Apply an accepted message to the state and broadcast what changed, in order. */
  dispatch(message: DisplayMessage): void {
    // A countdown runs on the hub's clock: every screen, opened now or later, counts from this start.
    if (message.type === 'open' && message.data.active_type === 5)
      message = { ...message, data: { ...message.data, started_at: Date.now() } };
    const { broadcast } = this.opts.store.apply(message);
    if (!broadcast) return;
    this.seq++;
    this.counters.broadcast++;
    const text = this.frame(broadcast.type, broadcast.data);
    for (const client of this.clients.values()) this.write(client, text);
  }

  /** A frame for every client that does not change the state (platform data, media list). */
  notify(type: string, data: unknown): void {
    const text = this.frame(type, data);
    for (const client of this.clients.values()) this.write(client, text);
  }

  private toControls(type: string, data: unknown): void {
    const text = this.frame(type, data);
    for (const client of this.clients.values()) if (client.role === 'control') this.write(client, text);
  }

  private beat(): void {
    for (const client of this.clients.values()) {
      if (!client.alive) {
        this.counters.terminated++;
        this.opts.log.info({ client: client.id, route: client.route }, 'missed heartbeat; terminating');
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        client.socket.terminate();
      }
    }
  }

  markStatusDirty(): void {
    this.statusDue = true;
  }

  private flushStatus(): void {
    if (!this.statusDue) return;
    this.statusDue = false;
    const controls = [...this.clients.values()].filter((c) => c.role === 'control');
    if (!controls.length) return;
    const text = this.frame('status', this.status());
    for (const c of controls) this.write(c, text);
  }

  private sendStatus(client: Client): void {
    this.send(client, 'status', this.status());
  }

  clientList(): ClientInfo[] {
    return [...this.clients.values()].map((c) => ({
      id: c.id,
      role: c.role,
      route: c.route,
      address: c.address,
      connected_at: c.connectedAt,
      last_pong: c.lastPong,
      health: c.health,
    }));
  }

  status(): StatusData {
    return {
      clients: this.clientList(),
      counters: { ...this.counters },
      uptime: Math.round((Date.now() - this.startedAt) / 1000),
      ...this.opts.statusExtras(),
    };
  }

  get currentSeq(): number {
    return this.seq;
  }

  close(): void {
    if (this.noticesFile) this.noticesFile.saveSync(this.notices);
    clearInterval(this.heartbeat);
    clearInterval(this.statusTimer);
    for (const c of this.clients.values()) c.socket.terminate();
    this.clients.clear();
  }
}

import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type ClientInfo,
  type ClientRole,
  CONTROL_TYPES,
  type DisplayMessage,
  type HealthData,
  type HubCounters,
  type HubFrame,
  parseInbound,
  SCREEN_TYPES,
  type SnapshotData,
  type StatusData,
} from '@toy/shared';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
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
}

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The socket side of the hub: who is connected and in which role, what each may send, the
 * snapshot on connect, ordered broadcasts with `seq`/`epoch`, heartbeats and send-buffer limits.
 */
export class Hub {
  readonly epoch = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  private seq = 0;
  private readonly clients = new Map<WebSocket, Client>();
  readonly counters: HubCounters = { received: 0, broadcast: 0, dropped: 0, refused: 0, terminated: 0, connections: 0 };
  private readonly heartbeat: NodeJS.Timeout;
  private readonly statusTimer: NodeJS.Timeout;
  private statusDue = false;
  private readonly startedAt = Date.now();

  constructor(private readonly opts: HubOptions) {
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
    return Buffer.from(JSON.stringify({ type, data, seq: this.seq, epoch: this.epoch } satisfies HubFrame));
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
        this.sendStatus(client);
        this.statusDue = true;
      } else this.refuse(client, 'hello', '控制密钥不正确');
      return;
    }
    if (CONTROL_TYPES.has(m.type)) {
      if (client.role === 'control') this.dispatch(m as DisplayMessage);
      else this.refuse(client, m.type, '需要控制密钥');
      return;
    }
    if (SCREEN_TYPES.has(m.type)) {
      if (client.role !== 'screen') {
        this.refuse(client, m.type, client.role === 'preview' ? '预览只读' : '仅屏幕可发送');
        return;
      }
      if (m.type === 'health') {
        client.health = { ...m.data, at: Date.now() };
        this.statusDue = true;
        return;
      }
      if (m.type === 'toAdmin')
        this.toControls('toAdmin', { ...m.data, from: client.id, route: client.route, at: Date.now() });
      this.dispatch(m as DisplayMessage);
    }
  }

  /** Apply an accepted message to the state and broadcast what changed, in order. */
  dispatch(message: DisplayMessage): void {
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
    clearInterval(this.heartbeat);
    clearInterval(this.statusTimer);
    for (const c of this.clients.values()) c.socket.terminate();
    this.clients.clear();
  }
}

import { DISPLAY_PORTS } from '@toy/shared/display';

/** Where a page finds the hub: the socket URL, the media base URL and the page's flags. */
export interface HubAddress {
  wsUrl: string;
  mediaBase: string;
  admin: boolean;
  /** Clock speed for soak tests: 25 turns the 5 s carousel into 0.2 s. */
  speed: number;
}

/**
 * Reads the query: `serves=host` (the spec's form) gives ws://host:8765 and http://host:8764;
 * `serves=host:port` names the socket port. Without `serves` the page asks the hub that served it
 * (`/hub.json`) for its socket port.
 */
export async function resolveAddress(loc: Location = window.location): Promise<HubAddress> {
  const q = new URLSearchParams(loc.search);
  const admin = q.get('admin') === '1';
  const speed = Math.min(100, Math.max(0.1, Number(q.get('speed')) || 1));
  const serves = q.get('serves')?.trim();
  if (serves) return { ...fromServes(serves, q.get('media')), admin, speed };
  let wsPort: number = DISPLAY_PORTS.socket;
  try {
    const res = await fetch('/hub.json', { cache: 'no-store' });
    if (res.ok) wsPort = Number((await res.json()).wsPort) || wsPort;
  } catch {
    // Not served by a hub: the default port.
  }
  const wsScheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return { wsUrl: `${wsScheme}://${loc.hostname}:${wsPort}`, mediaBase: loc.origin, admin, speed };
}

export function fromServes(serves: string, mediaPort?: string | null): { wsUrl: string; mediaBase: string } {
  const m = /^(\[[^\]]+\]|[^:/]+)(?::(\d+))?$/.exec(serves.replace(/^\w+:\/\//, '').replace(/\/.*$/, ''));
  const host = m?.[1] ?? 'localhost';
  const port = m?.[2] ? Number(m[2]) : DISPLAY_PORTS.socket;
  const media = Number(mediaPort) || DISPLAY_PORTS.media;
  return { wsUrl: `ws://${host}:${port}`, mediaBase: `http://${host}:${media}` };
}

/** A picture URL as the screens load it: platform pictures through the hub's cache, library names from /media. */
export function imageUrl(mediaBase: string, value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//.test(value)) return `${mediaBase}/img?u=${encodeURIComponent(value)}`;
  if (value.startsWith('data:') || value.startsWith('blob:')) return value;
  return `${mediaBase}/media/${encodeURIComponent(value.replace(/^\/?media\//, ''))}`;
}

/** A video or sound URL: absolute URLs as they are, library names from /media. */
export function mediaUrl(mediaBase: string, value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(https?:|blob:|data:)/.test(value)) return value;
  return `${mediaBase}/media/${encodeURIComponent(value.replace(/^\/?media\//, ''))}`;
}

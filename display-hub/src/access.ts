import { type DataAge, DISPLAY_MESSAGES } from '@toy/shared';

/**
 * What a stranger may reach: which web origins may open a socket, and what the public pages say of
 * the platform data (its age, not the platform's error texts, which can name internal hosts).
 */

/** The console's port on the same host (DESIGN "Defaults a new user meets"). */
export const CONSOLE_PORT = 8080;

const portOf = (u: URL) => (u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80);

/**
 * A browser's socket is allowed from the hub's own pages (the host it asked for, the media port),
 * from the console on that host, or from a configured origin (`*`: any). A socket without an Origin
 * is not a browser page: nothing to check (it could claim any origin).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  opts: { mediaPort: number; allowed: readonly string[] },
): boolean {
  if (origin === undefined) return true;
  if (opts.allowed.includes('*')) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
  if (opts.allowed.includes(from.origin)) return true;
  let asked: string;
  try {
    asked = new URL(`http://${host ?? ''}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  return from.hostname.toLowerCase() === asked && [opts.mediaPort, CONSOLE_PORT].includes(portOf(from));
}

/**
 * A copy's age for everyone: when it was fetched, and whether the last try failed, not why (the
 * platform's answer may name its internal hosts); only the hub's own "API_BASE not set" is kept.
 */
export const publicAge = (age: DataAge): DataAge => ({
  ok_at: age.ok_at,
  tried_at: age.tried_at,
  error:
    age.error === null || age.error === DISPLAY_MESSAGES.hub.noApiBase ? age.error : DISPLAY_MESSAGES.hub.dataFailed,
});

export const publicAges = <K extends string>(ages: Record<K, DataAge>): Record<K, DataAge> =>
  Object.fromEntries(Object.entries<DataAge>(ages).map(([k, a]) => [k, publicAge(a)])) as Record<K, DataAge>;

import { OK } from './envelope.js';
import { messages } from './messages.js';
import type { RouteDef, RouteInput, RouteOutput } from './route.js';
import { newNonce, signHeaders } from './sign.js';

/**
 * The one signed client of the contract (README "Signing"): every caller of the API (the console,
 * the display hub, the command-line tools, the tests and the benchmarks) builds its requests here,
 * so the parameters that are signed are always exactly the parameters that are sent.
 */

/** What a request needs of a route: a declared route, or the method and path of one. */
export type RouteTarget = Pick<RouteDef, 'method' | 'path'> & Partial<Pick<RouteDef, 'signed' | 'operationId'>>;

/**
 * A failed call. `status` is the envelope's status (which equals the HTTP status for errors), the
 * HTTP status when the answer carries no envelope, and 0 when no answer came (network, timeout).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly operationId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True for the rejection of a request aborted by its caller's signal (not a failure to report). */
export const isAbort = (err: unknown): boolean => err instanceof Error && err.name === 'AbortError';

/** Drops what canonical() skips (undefined, null), and with `dropEmpty` empty strings too. */
export function cleanParams(input: unknown, dropEmpty: boolean): Record<string, unknown> | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (dropEmpty && value === '') continue;
    out[key] = value;
  }
  return out;
}

/** A query value as canonical() writes it, so the server signs what it reads: objects as JSON. */
const queryValue = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

export interface RequestConfig {
  /** Prepended to the route's path (`http://127.0.0.1:8787`); empty for a path-only URL. */
  baseUrl?: string;
  secret: string;
  /** The session token, sent as the `web_token` header. */
  token?: string;
  /** Extra headers (a player's `player_token`, a cookie); the signature headers win over them. */
  headers?: Record<string, string>;
  /** The clock used for `mt`, ms (tests of the signature window). */
  now?: number;
  /** A write's nonce; by default a fresh one for every request that is not a GET. */
  nonce?: string;
}

/** A request ready for `fetch(url, init)` (or any HTTP client: the body is a JSON string). */
export interface SignedRequest {
  url: string;
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
}

/**
 * Builds the request of a route: the input cleaned (undefined and null dropped, and empty strings
 * from a GET query), GET as the query string and POST as a JSON body, `sign` and `mt` over exactly
 * those parameters unless the route is declared `signed: false`, and `web_token` when there is one.
 * A write (POST) also signs a fresh `nonce`: the API refuses a signed write it has already seen, and
 * two identical writes within one second (a double click, a retry) must not look like a replay.
 */
export function buildRequest(def: RouteTarget, input: unknown, config: RequestConfig): SignedRequest {
  const isGet = def.method === 'GET';
  const params = cleanParams(input, isGet);
  const headers: Record<string, string> = {};
  if (!isGet) headers['content-type'] = 'application/json';
  Object.assign(headers, config.headers);
  if (def.signed !== false) {
    const nonce = isGet ? undefined : (config.nonce ?? newNonce());
    Object.assign(headers, signHeaders(def.path, config.secret, params, config.now, nonce));
  }
  if (config.token) headers.web_token = config.token;
  let url = `${config.baseUrl ?? ''}${def.path}`;
  if (isGet) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params ?? {})) query.append(key, queryValue(value));
    const text = query.toString();
    if (text) url += `?${text}`;
    return { url, init: { method: def.method, headers } };
  }
  return { url, init: { method: def.method, headers, body: JSON.stringify(params ?? {}) } };
}

export interface ClientOptions {
  /** The API's origin, e.g. `http://127.0.0.1:8787` (a trailing slash is dropped). */
  baseUrl: string;
  /** The app secret (`APP_SECRET`, `DEV_APP_SECRET` locally). */
  secret: string;
  /** The session token, or a function read at each call (a cookie, a store). */
  token?: string | (() => string | undefined);
  /** Defaults to the global fetch; tests may pass an adapter. */
  fetch?: typeof fetch;
  /** Abort a call that has no answer after this long (answers ApiError status 0). */
  timeoutMs?: number;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /** fetch's `credentials` (the console sends its cookies: `include`). */
  credentials?: RequestCredentials;
}

export interface CallInit {
  signal?: AbortSignal;
  /** This call's session token instead of the client's. */
  token?: string;
  /** Headers of this call only. */
  headers?: Record<string, string>;
  /** Fail (ApiError) when `data` does not match the route's response schema, instead of passing it through. */
  strict?: boolean;
}

/** An answer as it came: the HTTP status and the JSON body (an envelope, errors included). */
export interface Answer<T = unknown> {
  status: number;
  body: { status: number; msg: string; data: T };
}

export interface Client {
  readonly baseUrl: string;
  /** The request of a route, signed, for uses that are not a JSON call (downloads, load tools). */
  signedRequest(def: RouteTarget, input?: unknown, init?: Pick<CallInit, 'token' | 'headers'>): SignedRequest;
  /** Sends a request; resolves to the HTTP status and the JSON body whatever the envelope says. */
  send<T = unknown>(def: RouteTarget, input?: unknown, init?: CallInit): Promise<Answer<T>>;
  /** Calls a declared route; resolves to its `data`, parsed by `def.response`; rejects with ApiError. */
  call<D extends RouteDef>(def: D, input?: RouteInput<D>, init?: CallInit): Promise<RouteOutput<D>>;
}

interface EnvelopeLike {
  status: number;
  msg?: unknown;
  data?: unknown;
}
const isEnvelope = (v: unknown): v is EnvelopeLike =>
  Boolean(v) && typeof v === 'object' && typeof (v as EnvelopeLike).status === 'number';

/**
 * A request that got no answer, said in Chinese (a browser's own words are "Failed to fetch"); Node's
 * error code (ECONNREFUSED, …) is kept beside it for the command-line tools' logs.
 */
export function networkMessage(err: unknown): string {
  const cause = err instanceof Error ? (err as { cause?: { code?: unknown } }).cause : undefined;
  const code = typeof cause?.code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(cause.code) ? cause.code : '';
  return code ? `${messages.common.network}（${code}）` : messages.common.network;
}

export function createClient(options: ClientOptions): Client {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: typeof fetch = options.fetch ?? ((url, init) => fetch(url, init));

  const tokenOf = (init?: Pick<CallInit, 'token'>) =>
    init?.token ?? (typeof options.token === 'function' ? options.token() : options.token);

  function signedRequest(def: RouteTarget, input?: unknown, init?: Pick<CallInit, 'token' | 'headers'>) {
    return buildRequest(def, input, {
      baseUrl,
      secret: options.secret,
      token: tokenOf(init),
      headers: { ...options.headers, ...init?.headers },
    });
  }

  /** fetch with the caller's signal and the client's timeout; a failure to answer is ApiError 0. */
  async function exchange(def: RouteTarget, input: unknown, init: CallInit = {}): Promise<Response> {
    const { url, init: request } = signedRequest(def, input, init);
    const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    const signals = [init.signal, timeout].filter((s): s is AbortSignal => Boolean(s));
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    try {
      return await fetchImpl(url, { ...request, signal, credentials: options.credentials });
    } catch (err) {
      if (init.signal?.aborted) throw err;
      if (timeout?.aborted) throw new ApiError(messages.common.timeout(options.timeoutMs ?? 0), 0, def.operationId);
      throw new ApiError(networkMessage(err), 0, def.operationId);
    }
  }

  /** The answer's JSON; a body cut off is ApiError 0, one that is not JSON ApiError with the HTTP status. */
  async function readJson(res: Response, def: RouteTarget, init: CallInit = {}): Promise<unknown> {
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (init.signal?.aborted) throw err;
      throw new ApiError(networkMessage(err), 0, def.operationId);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(messages.common.notJson(res.status), res.status, def.operationId);
    }
  }

  return {
    baseUrl,
    signedRequest,

    async send<T>(def: RouteTarget, input?: unknown, init?: CallInit): Promise<Answer<T>> {
      const res = await exchange(def, input, init);
      return { status: res.status, body: (await readJson(res, def, init)) as Answer<T>['body'] };
    },

    async call<D extends RouteDef>(def: D, input?: RouteInput<D>, init: CallInit = {}): Promise<RouteOutput<D>> {
      const res = await exchange(def, input, init);
      const body = await readJson(res, def, init).catch((err: unknown) => {
        // An HTTP error without JSON (a proxy's page): the HTTP status is the failure.
        throw err instanceof ApiError && err.status !== 0 && !res.ok
          ? new ApiError(`HTTP ${res.status}`, res.status, def.operationId)
          : err;
      });
      if (!isEnvelope(body)) throw new ApiError(messages.common.badEnvelope(res.status), res.status, def.operationId);
      if (body.status !== OK) {
        const msg = typeof body.msg === 'string' && body.msg ? body.msg : messages.common.error;
        throw new ApiError(msg, body.status, def.operationId);
      }
      if (!res.ok) throw new ApiError(`HTTP ${res.status}`, res.status, def.operationId);
      const parsed = def.response.safeParse(body.data);
      if (parsed.success) return parsed.data as RouteOutput<D>;
      if (init.strict) throw new ApiError(messages.common.badData(def.operationId), res.status, def.operationId);
      return body.data as RouteOutput<D>;
    },
  };
}

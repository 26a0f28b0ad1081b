import { LIMITS, messages, OK, type RouteDef, type RouteInput, type RouteOutput, signHeaders } from '@toy/shared';
import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { config } from '../config';
import { notify } from './notify';
import { getToken } from './session';
import { sessionPrompt } from './sessionPrompt';

export interface CallOptions {
  /** Do not toast a failure (the screen shows nothing extra, or shows the error itself). */
  silent?: boolean;
  /** Do not open the 登录失效 prompt on 401 (the caller handles it). */
  noSessionPrompt?: boolean;
  signal?: AbortSignal;
}

/** A failed call: `status` is the envelope status (HTTP status for errors), 0 for network errors. */
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

export const http: AxiosInstance = axios.create({
  baseURL: config.apiBase,
  withCredentials: true,
  timeout: LIMITS.requestTimeoutMs,
});

/** Drops what canonical() skips (undefined, null), and empty strings from queries. */
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

/** The headers every call carries: sign and mt over the declared path, and the session token. */
export function requestHeaders(def: Pick<RouteDef, 'path' | 'signed'>, params: Record<string, unknown> | undefined) {
  const headers: Record<string, string> = {};
  if (def.signed !== false) Object.assign(headers, signHeaders(def.path, config.appSecret, params));
  const token = getToken();
  if (token) headers.web_token = token;
  return headers;
}

interface EnvelopeLike {
  status: number;
  msg?: string;
  data?: unknown;
}
const isEnvelope = (v: unknown): v is EnvelopeLike =>
  Boolean(v) && typeof v === 'object' && typeof (v as EnvelopeLike).status === 'number';

/** Shows a failure as the request layer promises: 401 → one prompt; anything else → toast for 5 s. */
export function report(error: ApiError, options: CallOptions = {}): void {
  if (error.status === 401) {
    if (!options.noSessionPrompt) sessionPrompt.request();
    return;
  }
  if (!options.silent) notify.error(error.message);
}

function toApiError(err: unknown, operationId: string): ApiError {
  if (err instanceof ApiError) return err;
  const ax = err as AxiosError;
  const body = ax.response?.data;
  if (isEnvelope(body) && body.status !== OK) {
    return new ApiError(body.msg || messages.common.error, body.status, operationId);
  }
  if (ax.response) return new ApiError(ax.message || messages.common.error, ax.response.status, operationId);
  return new ApiError(ax.message || messages.common.error, 0, operationId);
}

/**
 * Calls a declared route: `call(api.warehouse.list, { ip_id })` resolves to its typed `data`.
 * GET sends the input as query parameters, POST as a JSON body; both are signed.
 */
export async function call<D extends RouteDef>(
  def: D,
  input?: RouteInput<D>,
  options: CallOptions = {},
): Promise<RouteOutput<D>> {
  const isGet = def.method === 'GET';
  const params = cleanParams(input, isGet);
  try {
    const res = await http.request({
      url: def.path,
      method: def.method,
      params: isGet ? params : undefined,
      data: isGet ? undefined : (params ?? {}),
      headers: requestHeaders(def, params),
      signal: options.signal,
    });
    const body = res.data;
    if (!isEnvelope(body)) throw new ApiError(messages.common.error, res.status, def.operationId);
    if (body.status !== OK) throw new ApiError(body.msg || messages.common.error, body.status, def.operationId);
    const parsed = def.response.safeParse(body.data);
    return (parsed.success ? parsed.data : body.data) as RouteOutput<D>;
  } catch (err) {
    if (axios.isCancel(err)) throw err;
    const error = toApiError(err, def.operationId);
    report(error, options);
    throw error;
  }
}

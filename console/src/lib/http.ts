import { ApiError, isAbort, type RouteDef, type RouteInput, type RouteOutput } from '@toy/shared';
import { client } from './client';
import { notify } from './notify';
import { sessionPrompt } from './sessionPrompt';

export { ApiError, client };

export interface CallOptions {
  /** Do not toast a failure (the screen shows nothing extra, or shows the error itself). */
  silent?: boolean;
  /** Do not open the 登录失效 prompt on 401 (the caller handles it). */
  noSessionPrompt?: boolean;
  signal?: AbortSignal;
}

/** Shows a failure as the request layer promises: 401 → one prompt; anything else → toast for 5 s. */
export function report(error: ApiError, options: CallOptions = {}): void {
  if (error.status === 401) {
    if (!options.noSessionPrompt) sessionPrompt.request();
    return;
  }
  if (!options.silent) notify.error(error.message);
}

/**
 * Calls a declared route: `call(api.warehouse.list, { ip_id })` resolves to its typed `data`.
 * GET sends the input as query parameters, POST as a JSON body; both are signed. A call aborted by
 * its signal rejects with the AbortError and reports nothing.
 */
export async function call<D extends RouteDef>(
  def: D,
  input?: RouteInput<D>,
  options: CallOptions = {},
): Promise<RouteOutput<D>> {
  try {
    return await client.call(def, input, { signal: options.signal });
  } catch (err) {
    if (isAbort(err)) throw err;
    const error = err instanceof ApiError ? err : new ApiError(String(err), 0, def.operationId);
    report(error, options);
    throw error;
  }
}

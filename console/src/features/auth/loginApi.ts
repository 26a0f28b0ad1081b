import { ApiError, isAbort } from '@toy/shared/client';
import type { Session } from '@toy/shared/features/auth';
import type { RouteDef, RouteInput, RouteOutput } from '@toy/shared/route';
import { client } from '../../lib/client';
import { safeRedirect } from '../../lib/redirect';

export { ApiError };

/**
 * The login page's calls: the console's signed client without the console's toasts and 登录失效
 * prompt (the page shows every failure itself), so /login does not load the component kit.
 */
export async function call<D extends RouteDef>(def: D, input?: RouteInput<D>): Promise<RouteOutput<D>> {
  try {
    return await client.call(def, input);
  } catch (err) {
    if (isAbort(err)) throw err;
    throw err instanceof ApiError ? err : new ApiError(String(err), 0, def.operationId);
  }
}

/** A failure as the page shows it. */
export const errorText = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** Where this login continues: `?redirect=` when it is a path of this site, else the dashboard. */
export const redirectTarget = (search: string) =>
  safeRedirect(new URLSearchParams(search).get('redirect'), '/dashboard');

/** After a login inside the console's app: the router is rebuilt with the user's menus and its /login guard follows `redirect`. */
export async function signInToApp(session: Session): Promise<unknown> {
  const { authStore } = await import('../../session/authStore');
  return authStore.signIn(session);
}

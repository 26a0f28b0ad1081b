import { api, createClient, DEV_APP_SECRET, type RouteData, type RouteDef, type RouteInput } from '@toy/shared';

/** A signed HTTP client of the declared routes, for the command-line tools: answers the envelope as it came. */
export function apiClient(base = process.env.API_URL ?? 'http://127.0.0.1:8787', secret = process.env.APP_SECRET) {
  const client = createClient({ baseUrl: base, secret: secret ?? DEV_APP_SECRET });
  async function call<D extends RouteDef>(
    def: D,
    input?: RouteInput<D>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; msg: string; data: RouteData<D> }> {
    return (await client.send<RouteData<D>>(def, input, { headers })).body;
  }
  return { call, api, base };
}

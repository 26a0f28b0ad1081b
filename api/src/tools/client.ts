import { api, DEV_APP_SECRET, type RouteData, type RouteDef, type RouteInput, signHeaders } from '@toy/shared';

/** A signed HTTP client of the declared routes, for the command-line tools. */
export function apiClient(base = process.env.API_URL ?? 'http://127.0.0.1:8787', secret = process.env.APP_SECRET) {
  const key = secret ?? DEV_APP_SECRET;
  async function call<D extends RouteDef>(
    def: D,
    input?: RouteInput<D>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; msg: string; data: RouteData<D> }> {
    const params = (input ?? undefined) as Record<string, unknown> | undefined;
    const h: Record<string, string> = { ...headers };
    if (def.signed !== false) Object.assign(h, signHeaders(def.path, key, params));
    let url = `${base}${def.path}`;
    let body: string | undefined;
    if (def.method === 'GET') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) q.set(k, String(v));
      if (q.size) url += `?${q}`;
    } else {
      body = JSON.stringify(params ?? {});
      h['content-type'] = 'application/json';
    }
    const res = await fetch(url, { method: def.method, headers: h, body });
    return (await res.json()) as { status: number; msg: string; data: RouteData<D> };
  }
  return { call, api, base };
}

import { randomUUID } from 'node:crypto';
import {
  api,
  createClient,
  DEV_APP_SECRET,
  messages,
  PLAYER_DEMO_CODE,
  type RouteData,
  type RouteDef,
  type RouteInput,
} from '@toy/shared';
import sharp from 'sharp';

/**
 * The API the tools call when not told (`--api`): API_URL, else the one `npm start` runs with the
 * same environment (PUBLIC_URL, else PORT on this machine).
 */
export const defaultApiUrl = (env: NodeJS.ProcessEnv = process.env) =>
  env.API_URL || env.PUBLIC_URL || `http://127.0.0.1:${env.PORT || 8787}`;

/** A signed HTTP client of the declared routes, for the command-line tools: answers the envelope as it came. */
export function apiClient(base = defaultApiUrl(), secret = process.env.APP_SECRET) {
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

type Client = ReturnType<typeof apiClient>;

/** The start of the refusal of a draw whose coin deduction the balance cannot cover (金币不足：…). */
export const COINS_SHORT = messages.payment.notEnoughCoins('', '').split('：')[0]!;

/**
 * The login code the simulated players use: the API's demo code (PLAYER_DEMO_CODE, as the API
 * reads it). The simulator plays a demo-mode API; a production API accepts no such code.
 */
export const simulatedPlayerCode = () =>
  process.env.PLAYER_DEMO_CODE && process.env.PLAYER_DEMO_CODE !== 'off'
    ? process.env.PLAYER_DEMO_CODE
    : PLAYER_DEMO_CODE;

/**
 * A plain-colour PNG uploaded through the merchant's token and the storage form, as the console
 * does; `token` is the token request (`{ width, height }` to have the size checked, or a `file_type`).
 */
export async function uploadPicture(
  client: Client,
  web_token: string,
  picture: { width: number; height: number; color: string },
  token: RouteInput<typeof api.upload.token> = { width: picture.width, height: picture.height },
): Promise<string> {
  const granted = await client.call(client.api.upload.token, token, { web_token });
  if (granted.status !== 0) throw new Error(`upload token: ${granted.msg}`);
  const { width, height, color } = picture;
  const file = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  const key = `simulate/${randomUUID()}.png`;
  const form = new FormData();
  form.append('token', (granted.data as { token: string }).token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), 'picture.png');
  const put = await fetch(new URL('/storage/upload', client.base), { method: 'POST', body: form });
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  return key;
}

// The player's side from a test: signed calls with a player session (header player_token).
import {
  api,
  createClient,
  DEV_APP_SECRET,
  PLAYER_DEMO_CODE,
  type RouteData,
  type RouteDef,
  type RouteInput,
} from '@toy/shared';

export function playerClient(apiUrl: string) {
  const client = createClient({ baseUrl: apiUrl, secret: DEV_APP_SECRET });
  const call = async <D extends RouteDef>(def: D, input: RouteInput<D>, playerToken?: string) =>
    (await client.send<RouteData<D>>(def, input, { headers: playerToken ? { player_token: playerToken } : {} })).body;
  return {
    call,
    /** Log a player in by phone (a new phone registers a new player): the player_token. */
    async login(phone: string): Promise<string> {
      const res = await call(api.player.login, { phone, code: PLAYER_DEMO_CODE });
      if (res.status !== 0) throw new Error(`player login ${phone}: ${res.msg}`);
      return (res.data as { player_token: string }).player_token;
    },
  };
}

import { api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { draw, player } from './draw-helpers.js';
import { call } from './helpers.js';

export const ADDRESS = {
  username: '王五',
  phone: '13812345678',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '文三路 1 号',
};

let phones = 0;

/** A new player draws `n` boxes of machine `batchId` and asks for all of them as one pickup. */
export async function makePickup(
  app: FastifyInstance,
  batchId: number,
  n = 2,
  address: Partial<typeof ADDRESS> = {},
  loginPhone?: string,
): Promise<{ orderSn: string; playerToken: string; depositIds: number[]; drawSns: string[] }> {
  phones += 1;
  const playerToken = await player(
    app,
    loginPhone ?? `1550${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`,
  );
  const drawSns: string[] = [];
  const depositIds: number[] = [];
  for (let i = 0; i < n; i++) {
    // Without coins: a player's 20 coins cover only the first draws' deduction.
    const res = await draw(app, playerToken, batchId, 0);
    if (res.statusCode !== 200) throw new Error(`draw: ${res.body.msg}`);
    drawSns.push(res.body.data.order_sn);
    depositIds.push(res.body.data.deposit_id);
  }
  const res = await call(
    app,
    api.player.pickup,
    { deposit_ids: depositIds, ...ADDRESS, ...address },
    { headers: { player_token: playerToken } },
  );
  if (res.statusCode !== 200) throw new Error(`pickup: ${res.body.msg}`);
  return { orderSn: res.body.data.order_sn, playerToken, depositIds, drawSns };
}

// A draw machine on sale for the benchmarks, made through the API the way the console makes it.
import { releaseForm } from '../../api/src/tools/simulate-on-sale.js';
import type { ApiHandle } from './api.js';
import { playerClient } from './player.js';

/**
 * `cases` cases of the brand's 甜品派对 template allocated (分配盒机) and published on sale: the
 * machine's id and how long each call took.
 */
export async function publishMachine(
  api: Pick<ApiHandle, 'call'>,
  token: string,
  ipId: number,
  cases: number,
  desc: string,
): Promise<{ id: number; allocMs: number; publishMs: number }> {
  const template = (
    await api.call<{ list: { id: number; price: number }[] }>(
      'GET',
      '/web/goods/box/template/search',
      { ip_id: ipId, title: '甜品派对' },
      token,
    )
  ).body.data.list[0]!;
  let t = performance.now();
  const alloc = await api.call<{ box_sign: string }>(
    'POST',
    '/web/goods/box/allocate',
    { template_id: template.id, box_num: cases },
    token,
  );
  const allocMs = performance.now() - t;
  t = performance.now();
  const published = await api.call<{ id: number }>(
    'POST',
    '/web/goods/box/publish',
    releaseForm(ipId, template, { box_num: cases, box_sign: alloc.body.data.box_sign }, { desc }),
    token,
  );
  if (published.body.status !== 0) throw new Error(`publish: ${published.body.msg}`);
  return { id: published.body.data.id, allocMs, publishMs: performance.now() - t };
}

/** `count` players signed in with the demo code, phones `${prefix}0000000`…: their player tokens. */
export function playerTokens(apiUrl: string, prefix: string, count: number): Promise<string[]> {
  const players = playerClient(apiUrl);
  return Promise.all(Array.from({ length: count }, (_, i) => players.login(`${prefix}${String(i).padStart(7, '0')}`)));
}

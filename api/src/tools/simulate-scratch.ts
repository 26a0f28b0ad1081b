import { SCRATCH_ACTIVITY_TYPES } from '@toy/shared';
import XLSX from 'xlsx';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;

export interface ScratchSummary {
  cards: number;
  redeemed: number;
  /** Second redemptions of a code, refused. */
  refusedUsed: number;
  /** Wrong codes, refused. */
  refusedWrong: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The merchant's code download: start it, follow the sign every 2 s, read the codes of the xlsx. */
async function downloadCodes({ call, api, base }: Client, web_token: string, id: number): Promise<string[]> {
  const started = await call(api.scratch.codesExport, { id }, { web_token });
  if (started.status !== 0) throw new Error(`scratch codes: ${started.msg}`);
  const { sign } = started.data as { sign: string };
  for (let i = 0; i < 60; i++) {
    await sleep(2000);
    const s = await call(api.scratch.codesExportStatus, { sign }, { web_token });
    const url = (s.data as { url: string | null } | null)?.url;
    if (url) {
      // The file is served by the API the simulator talks to, whatever public address it names.
      const file = new URL(new URL(url).pathname, base);
      const book = XLSX.read(Buffer.from(await (await fetch(file)).arrayBuffer()), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      return rows.slice(1).map((r) => String(r[1]));
    }
  }
  throw new Error('scratch codes: the download did not finish');
}

/** The merchant links the card to the brand's newest draw machine (else kuji), as from the list's 关联活动. */
async function linkToActivity({ call, api }: Client, web_token: string, ipId: number, id: number) {
  for (const { value: type } of SCRATCH_ACTIVITY_TYPES) {
    const found = await call(api.exchange.activities, { ip_id: ipId, type, page: 1, limit: 1 }, { web_token });
    const activity = (found.data as { lists: { id: number }[] } | null)?.lists[0];
    if (!activity) continue;
    const linked = await call(api.scratch.link, { id, active_type: type, active_id: activity.id }, { web_token });
    return linked.status === 0;
  }
  return false;
}

/**
 * Scratch cards: the merchant issues a card of 30 codes on the first brand, links it to one of the
 * brand's activities and downloads its codes, and issues a second card left unlinked; `players`
 * players redeem most of the first card's codes, some a second time (refused, counted) and some a
 * code that does not exist (refused, counted). The card's used_num in the console then moves.
 */
export async function simulateScratch(
  client: Client,
  opts: { web_token: string; ipId: number; players: string[]; log?: (line: string) => void },
): Promise<ScratchSummary> {
  const { call, api } = client;
  const summary: ScratchSummary = { cards: 0, redeemed: 0, refusedUsed: 0, refusedWrong: 0, errors: 0 };
  if (opts.players.length === 0) return summary;
  const stamp = new Date().toISOString().slice(11, 16).replace(':', '');
  const created = await call(
    api.scratch.create,
    { ip_id: opts.ipId, title: `模拟刮卡${stamp}`, stock: 30 },
    { web_token: opts.web_token },
  );
  if (created.status !== 0) {
    opts.log?.(`scratch: ${created.msg}`);
    summary.errors += 1;
    return summary;
  }
  summary.cards = 1;
  const id = (created.data as { id: number }).id;
  if (!(await linkToActivity(client, opts.web_token, opts.ipId, id))) summary.errors += 1;
  const spare = await call(
    api.scratch.create,
    { ip_id: opts.ipId, title: `备用刮卡${stamp}`, stock: 10 },
    { web_token: opts.web_token },
  );
  if (spare.status === 0) summary.cards += 1;
  else summary.errors += 1;
  const codes = await downloadCodes(client, opts.web_token, id);
  const redeem = async (player_token: string, code: string) => {
    const res = await call(api.player.redeemScratch, { code }, { player_token });
    return res.status;
  };
  for (const [i, code] of codes.slice(0, 24).entries()) {
    const token = opts.players[i % opts.players.length]!;
    if ((await redeem(token, code)) === 0) summary.redeemed += 1;
    else summary.errors += 1;
    if (i % 4 === 0) {
      // The same code again, by another player: refused as used.
      const other = opts.players[(i + 1) % opts.players.length]!;
      if ((await redeem(other, code)) !== 0) summary.refusedUsed += 1;
      else summary.errors += 1;
    }
    if (i % 6 === 0) {
      const wrong = `${code.slice(0, 15)}${code.endsWith('0') ? '1' : '0'}`;
      if ((await redeem(token, wrong)) !== 0) summary.refusedWrong += 1;
      else summary.errors += 1;
    }
  }
  opts.log?.(
    `scratch: ${summary.redeemed} codes redeemed, ${summary.refusedUsed} second redemptions and ${summary.refusedWrong} wrong codes refused`,
  );
  return summary;
}

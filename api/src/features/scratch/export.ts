import { jobTitle } from '@toy/shared';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { scratchCards, scratchCodes, scratchRedemptions } from '../../db/schema.js';
import { formatTime } from '../../lib/time.js';
import type { SheetColumn } from '../../lib/xlsx/writer.js';
import { type JobContext, registerJobKind, writeExport } from '../job/index.js';

export const CODES_EXPORT_KIND = 'scratch.codes';
const BATCH = 2000;

/** What a code download job stores: its sign, the card, the brands resolved at request time, the page. */
export interface CodesExportParams {
  sign: string;
  cardId: number;
  brandIds: number[];
  offset: number;
  limit: number;
}

export const CODE_COLUMNS: SheetColumn[] = [
  { header: '序号', width: 8 },
  { header: '兑换码', width: 22 },
  { header: '状态', width: 10 },
  { header: '兑换时间', width: 20 },
];

/** The codes of the card, in issue order, one batch at a time, with their redemption if any. */
async function runCodesExport(ctx: JobContext) {
  const p = ctx.job.params as CodesExportParams;
  const { key, url, name } = await writeExport(
    ctx.db,
    ctx.config,
    ctx.storage,
    { columns: CODE_COLUMNS, userId: ctx.job.userId, sheetName: '兑换码', title: jobTitle(CODES_EXPORT_KIND) },
    async (writer) => {
      const [card] = await ctx.db
        .select({ id: scratchCards.id })
        .from(scratchCards)
        .where(and(eq(scratchCards.id, p.cardId), inArray(scratchCards.ipId, p.brandIds)));
      if (!card) return;
      let after = 0;
      let skipped = 0;
      let written = 0;
      while (written < p.limit) {
        ctx.signal.throwIfAborted();
        const rows = await ctx.db
          .select({ id: scratchCodes.id, code: scratchCodes.code, usedAt: scratchRedemptions.createdAt })
          .from(scratchCodes)
          .leftJoin(scratchRedemptions, eq(scratchRedemptions.codeId, scratchCodes.id))
          .where(and(eq(scratchCodes.cardId, p.cardId), gt(scratchCodes.id, after)))
          .orderBy(asc(scratchCodes.id))
          .limit(BATCH);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.id;
        const skip = Math.min(rows.length, p.offset - skipped);
        skipped += skip;
        const take = rows.slice(skip, skip + (p.limit - written));
        await writer.addRows(
          take.map((r, i) => [
            p.offset + written + i + 1,
            r.code,
            r.usedAt ? '已兑换' : '未兑换',
            r.usedAt ? formatTime(r.usedAt) : '',
          ]),
        );
        written += take.length;
        await ctx.progress(written);
      }
    },
  );
  return { key, url, name };
}

registerJobKind(CODES_EXPORT_KIND, runCodesExport);

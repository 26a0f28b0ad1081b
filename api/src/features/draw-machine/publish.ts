import { type api, arrangeCases, type Counts, is, messages, type RouteParsed, shanghaiInstant } from '@toy/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  boxAllocations,
  depositFreight,
  drawMachineCases,
  drawMachineGoods,
  drawMachines,
  overseasBrands,
} from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { audit } from '../audit/index.js';
import { allocStyles, findTemplate, liveAllocation, stylesOf } from '../blind-box/index.js';
import { machineAuditView } from './queries.js';

const m = messages.blindBox;
const CASE_CHUNK = 500;

export type PublishInput = RouteParsed<typeof api.blindBox.publish>;

/** Whether a brand is on the overseas whitelist (configuration: table overseas_brands). */
export async function isOverseasBrand(db: Db, ipId: number): Promise<boolean> {
  const [row] = await db.select().from(overseasBrands).where(eq(overseasBrands.brandId, ipId)).limit(1);
  return Boolean(row);
}

/**
 * Before the ordered release rules run, `official_price` is the template's price from the table
 * (whatever the client sent is dropped), so rule 6 '盲盒售价不可小于官方售价¥{price}' judges the truth
 * in its place in the order. A foreign brand or template answers 404 like a missing one.
 */
export async function officialPrice(db: Db, request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return;
  delete body.official_price;
  if (!is.id(body.ip_id) || !is.id(body.template_id)) return;
  const template = await findTemplate(db, Number(body.template_id), [Number(body.ip_id)]);
  if (!template) throw notFound();
  body.official_price = fenToYuan(template.price);
}

/**
 * 发布: after the ordered rules, the facts in order — the template is the brand's; overseas sale
 * needs a whitelisted brand and an overseas template; the brand's cabinet (deposit) settings exist;
 * the box_sign is live, the brand's, for this template and this box count. Then, in one
 * transaction, the allocation is spent and the draw machine is created with its goods and its
 * cases, each case the ordered styles of arrangeCases(seed, …).
 */
export async function publish(
  db: Db,
  input: PublishInput,
  ctx: { brandIds: number[]; userId: number; request?: FastifyRequest },
): Promise<{ id: number; seed_hash: string; shelves_time: string }> {
  const template = await findTemplate(db, input.template_id, ctx.brandIds);
  if (!template || template.ipId !== input.ip_id) throw notFound();
  if (input.is_overseas === 1) {
    if (!(await isOverseasBrand(db, input.ip_id))) throw httpError(400, m.overseasNotAllowed);
    if (template.isOverseas !== 1) throw httpError(400, m.notOverseasTemplate);
  }
  const [cabinet] = await db
    .select({ id: depositFreight.id })
    .from(depositFreight)
    .where(eq(depositFreight.ipId, input.ip_id))
    .limit(1);
  if (!cabinet) throw httpError(409, m.cabinetUnset);
  const styles = (await stylesOf(db, [template.id])).get(template.id) ?? [];

  return db.transaction(async (tx) => {
    const allocation = await liveAllocation(tx, input.box_sign, ctx.brandIds);
    if (
      allocation.ipId !== input.ip_id ||
      allocation.templateId !== template.id ||
      allocation.boxNum !== input.box_num ||
      allocation.batchId !== null
    ) {
      throw httpError(400, m.boxSignInvalid);
    }
    await tx.update(boxAllocations).set({ usedAt: sql`now()` }).where(eq(boxAllocations.id, allocation.id));

    const shelvesTime = shanghaiInstant(input.shelves_time);
    const [machine] = await tx
      .insert(drawMachines)
      .values({
        ipId: input.ip_id,
        templateId: template.id,
        allocationId: allocation.id,
        userId: ctx.userId,
        title: template.title,
        pic: template.pic,
        price: yuanToFen(input.price),
        priceUs: input.is_overseas === 1 && input.price_us !== null ? yuanToFen(input.price_us) : null,
        priceTh: input.is_overseas === 1 && input.price_th !== null ? yuanToFen(input.price_th) : null,
        isOverseas: input.is_overseas,
        off: input.off,
        stock: input.box_num,
        boxNum: input.box_num,
        limitStock: allocation.limitStock,
        desc: input.desc,
        bean: input.is_bean === 1 ? yuanToFen(input.bean ?? 0) : 0,
        shelvesTime,
        serviceCharge: input.service_charge,
        isPreSale: input.is_pre_sale,
        deliveryTime: input.is_pre_sale === 1 && input.delivery_time ? shanghaiInstant(input.delivery_time) : null,
        wrap: input.wrap,
        seedHash: allocation.seedHash,
      })
      .returning();
    const batchId = machine!.id;
    if (ctx.request) {
      const after = machineAuditView(machine!);
      await audit(tx, ctx.request, { entity: 'drawMachine', id: batchId, ipId: input.ip_id, action: 'create', after });
    }

    const counts = Object.fromEntries(Object.entries(allocation.counts).map(([k, v]) => [Number(k), v])) as Counts;
    await tx.insert(drawMachineGoods).values(
      styles.map((s) => ({
        batchId,
        styleId: s.id,
        sort: s.sort,
        goodsTitle: s.goodsTitle,
        goodsPic: s.goodsPic,
        type: s.type,
        probability: s.probability,
        stockSum: counts[s.id] ?? 0,
      })),
    );
    const cases = arrangeCases(allocation.seed, allocStyles(styles), counts, allocation.boxNum, allocation.limitStock);
    for (let i = 0; i < cases.length; i += CASE_CHUNK) {
      await tx.insert(drawMachineCases).values(
        cases.slice(i, i + CASE_CHUNK).map((styleIds, j) => ({
          batchId,
          caseNo: i + j + 1,
          allocationId: allocation.id,
          styles: styleIds,
        })),
      );
    }
    return { id: batchId, seed_hash: allocation.seedHash, shelves_time: formatTime(shelvesTime) };
  });
}

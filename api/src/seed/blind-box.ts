import { shanghaiInstant } from '@toy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { RecordStyle } from '../db/schema/blind-box.js';
import {
  blindBoxRecords,
  blindBoxTemplates,
  boxMachineSettings,
  brands,
  coupons,
  depositFreight,
  goods,
  overseasBrands,
  users,
} from '../db/schema.js';
import { createTemplate } from '../features/review/routes.js';
import type { FileStore } from '../storage/store.js';
import {
  SEED_BOX_MACHINE,
  SEED_CABINETS,
  SEED_COUPONS,
  SEED_GOODS,
  SEED_OVERSEAS_BRANDS,
  SEED_RECORDS,
  type SeedRecord,
} from './blind-box-data.js';
import { ensurePictures, type PictureSpec } from './blind-box-pictures.js';

const goodsKey = (code: string, i: number) => `seed/bb/goods/${code}-${i + 1}.png`;
const recordKey = (code: string, name: string) => `seed/bb/${code}/${name}.png`;

/** Every picture the demo blind boxes use, at the sizes their fields require. */
function pictureSpecs(): PictureSpec[] {
  const specs: PictureSpec[] = [];
  for (const g of SEED_GOODS) {
    for (const [i, item] of g.items.entries()) {
      specs.push({
        key: goodsKey(g.code, i),
        kind: 'figure',
        width: 800,
        height: 800,
        title: item.latin,
        subtitle: item.hidden ? 'Secret' : undefined,
        tone: g.tone + i,
        hidden: item.hidden,
      });
    }
  }
  for (const r of SEED_RECORDS) {
    const base = { title: r.latin, tone: r.tone };
    specs.push(
      { ...base, key: recordKey(r.code, 'pic'), kind: 'figure', width: 600, height: 600, subtitle: 'Blind Box' },
      { ...base, key: recordKey(r.code, 'main'), kind: 'banner', width: 1200, height: 600, subtitle: 'New Series' },
      { ...base, key: recordKey(r.code, 'box'), kind: 'box', width: 400, height: 400 },
      { ...base, key: recordKey(r.code, 'pack'), kind: 'pack', width: 800, height: 800 },
      { ...base, key: recordKey(r.code, 'detail'), kind: 'detail', width: 750, height: 1000, subtitle: r.title },
    );
    if (!r.fromGoods) {
      for (const [i, s] of r.styles.entries()) {
        specs.push({
          key: recordKey(r.code, `style-${i + 1}`),
          kind: 'figure',
          width: 400,
          height: 400,
          title: s.title,
          subtitle: s.type === 1 ? undefined : `1:${s.probability}`,
          tone: r.tone + i,
          hidden: s.type !== 1,
        });
      }
    }
  }
  return specs;
}

async function brandIdsByTitle(db: Db, titles: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.title, titles));
  return new Map(rows.map((r) => [r.title, r.id]));
}

function stylesOf(r: SeedRecord, goodsIds: Map<string, { id: number; overseas: number; pic: string }>): RecordStyle[] {
  return r.styles.map((s, i) => {
    const g = r.fromGoods ? goodsIds.get(s.title) : undefined;
    return {
      goods_title: s.title,
      goods_pic: g?.pic ?? recordKey(r.code, `style-${i + 1}`),
      type: s.type,
      probability: s.type === 1 ? null : (s.probability ?? null),
      sku_id: g?.id ?? null,
      is_overseas: g?.overseas ?? 0,
    };
  });
}

/**
 * The blind-box demo, idempotent: goods to pick styles from, records in every review state
 * (approved ones with their templates), cabinet and box-machine settings for Molly 梦工厂 and
 * 潮玩小铺 (none for 星际萌宠), the overseas whitelist (Molly 梦工厂) and a few coupons.
 */
export async function seedBlindBoxes(db: Db, storage: FileStore): Promise<void> {
  await ensurePictures(db, storage, pictureSpecs());
  const titles = [
    ...new Set([...SEED_GOODS.map((g) => g.brand), ...SEED_RECORDS.flatMap((r) => [r.owner, r.goodsBrand])]),
  ];
  const brandId = await brandIdsByTitle(db, titles);
  const userRows = await db.select({ id: users.id, email: users.email }).from(users);
  const userId = new Map(userRows.map((u) => [u.email, u.id]));

  await db.transaction(async (tx) => {
    const goodsIds = new Map<string, { id: number; overseas: number; pic: string }>();
    for (const g of SEED_GOODS) {
      const ipId = brandId.get(g.brand);
      if (!ipId) continue;
      for (const [i, item] of g.items.entries()) {
        const [found] = await tx
          .select({ id: goods.id, isOverseas: goods.isOverseas, pic: goods.pic })
          .from(goods)
          .where(and(eq(goods.ipId, ipId), eq(goods.title, item.title)))
          .limit(1);
        const row =
          found ??
          (
            await tx
              .insert(goods)
              .values({
                ipId,
                title: item.title,
                price: item.price * 100,
                pic: goodsKey(g.code, i),
                isOverseas: item.overseas ? 1 : 0,
                goodsNum: item.hidden ? '隐藏款' : '',
                ...(item.overseas ? { weight: 0.25, length: 8, width: 6, height: 10 } : {}),
              })
              .returning({ id: goods.id, isOverseas: goods.isOverseas, pic: goods.pic })
          )[0]!;
        goodsIds.set(item.title, { id: row.id, overseas: row.isOverseas, pic: row.pic });
      }
    }

    for (const r of SEED_RECORDS) {
      const ipId = brandId.get(r.owner);
      const goodsIpId = brandId.get(r.goodsBrand);
      if (!ipId || !goodsIpId) continue;
      let [record] = await tx
        .select()
        .from(blindBoxRecords)
        .where(and(eq(blindBoxRecords.ipId, ipId), eq(blindBoxRecords.title, r.title)))
        .limit(1);
      if (!record) {
        const reviewed = r.status !== 0;
        [record] = await tx
          .insert(blindBoxRecords)
          .values({
            ipId,
            goodsIpId,
            userId: userId.get(r.submitter) ?? null,
            title: r.title,
            price: r.price * 100,
            limitStock: r.limitStock,
            shopTime: shanghaiInstant(r.shopTime),
            goods: stylesOf(r, goodsIds),
            pics: [recordKey(r.code, 'detail')],
            pic: recordKey(r.code, 'pic'),
            mainPic: recordKey(r.code, 'main'),
            oneBoxPic: recordKey(r.code, 'box'),
            onePackPic: recordKey(r.code, 'pack'),
            color: r.color,
            isOverseas: r.overseas ? 1 : 0,
            status: r.status,
            reason: r.reason ?? '',
            reviewerId: reviewed ? (userId.get('reviewer@demo.local') ?? null) : null,
            reviewedAt: reviewed ? new Date() : null,
          })
          .returning();
      }
      if (record!.status === 1) {
        const [template] = await tx
          .select({ id: blindBoxTemplates.id })
          .from(blindBoxTemplates)
          .where(eq(blindBoxTemplates.recordId, record!.id));
        if (!template) await createTemplate(tx, record!);
      }
    }

    for (const c of SEED_CABINETS) {
      const ipId = brandId.get(c.brand) ?? (await brandIdsByTitle(tx, [c.brand])).get(c.brand);
      if (!ipId) continue;
      await tx
        .insert(depositFreight)
        .values({ ipId, freeDays: c.freeDays, freeNum: c.freeNum, unitPrice: c.unitPriceFen })
        .onConflictDoNothing();
    }

    const couponBrands = await brandIdsByTitle(tx, [...new Set(SEED_COUPONS.map((c) => c.brand))]);
    const couponIds = new Map<string, number>();
    const year = 365 * 24 * 3600 * 1000;
    for (const c of SEED_COUPONS) {
      const ipId = couponBrands.get(c.brand);
      if (!ipId) continue;
      const [found] = await tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(coupons.ipId, ipId), eq(coupons.title, c.title)))
        .limit(1);
      const id =
        found?.id ??
        (
          await tx
            .insert(coupons)
            .values({
              ipId,
              title: c.title,
              businessType: 1,
              couponType: c.couponType,
              fullAmount: c.fullAmount,
              faceValue: c.faceValue,
              maxFaceValue: c.maxFaceValue,
              startTime: new Date(Date.now() - 24 * 3600 * 1000),
              endTime: new Date(Date.now() + 3 * year),
              totalNum: 1000,
              receiveCondition: 6,
            })
            .returning({ id: coupons.id })
        )[0]!.id;
      couponIds.set(c.title, id);
    }

    for (const s of SEED_BOX_MACHINE) {
      const ipId = (await brandIdsByTitle(tx, [s.brand])).get(s.brand);
      if (!ipId) continue;
      const award = (a: (typeof s)['suc'] | (typeof s)['err']) =>
        'points' in a ? a.points : 'coupon' in a ? (couponIds.get(a.coupon) ?? 0) : 0;
      await tx
        .insert(boxMachineSettings)
        .values({
          ipId,
          promptCard: s.promptCard,
          exchargePropmt: s.exchargePropmt,
          persCard: s.persCard,
          exchargePers: s.exchargePers,
          sucAwardType: s.suc.type,
          sucAwardContent: award(s.suc),
          errAwardType: s.err.type,
          errAwardContent: award(s.err),
        })
        .onConflictDoNothing();
    }

    const overseas = await brandIdsByTitle(tx, SEED_OVERSEAS_BRANDS);
    for (const id of overseas.values()) await tx.insert(overseasBrands).values({ brandId: id }).onConflictDoNothing();
  });
}

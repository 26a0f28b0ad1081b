import { MARKET_PLATFORM_CODES, marketDemoShop } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  brands,
  depositFreight,
  erpAccountBrands,
  erpAccounts,
  freightTemplates,
  marketLinks,
  userBrands,
  users,
  warehouses,
} from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import type { FileStore } from '../storage/store.js';
import { seedBlindBoxes } from './blind-box.js';
import {
  DEMO_DEPOSIT_FREIGHT,
  DEMO_ERP_ACCOUNT,
  DEMO_FREIGHT_TEMPLATES,
  DEMO_PASSWORD,
  DEMO_USERS,
  DEMO_WAREHOUSES,
  SHOWCASE_BRANDS,
  TEMPLATE_COUNT,
} from './data.js';
import { seedDraws } from './draw.js';
import { seedGoods } from './goods.js';
import { ensurePicture } from './pictures.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** Upsert a brand by title; answer its id. */
async function upsertBrand(db: Db, values: typeof brands.$inferInsert): Promise<number> {
  const { title: _title, ...update } = values;
  const [row] = await db
    .insert(brands)
    .values(values)
    .onConflictDoUpdate({ target: brands.title, set: update })
    .returning({ id: brands.id });
  return row!.id;
}

/** The demo waybill account on every brand of its merchant (its changed password is kept). */
async function seedErpAccount(db: Db, passwordHash: string): Promise<void> {
  const e = DEMO_ERP_ACCOUNT;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, e.owner));
  if (!owner) return;
  const [account] = await db
    .insert(erpAccounts)
    .values({ username: e.username, name: e.name, passwordHash, userId: owner.id })
    .onConflictDoUpdate({ target: erpAccounts.username, set: { name: e.name, userId: owner.id } })
    .returning({ id: erpAccounts.id });
  const links = await db
    .selectDistinct({ brandId: userBrands.brandId })
    .from(userBrands)
    .where(eq(userBrands.userId, owner.id));
  if (links.length) {
    await db
      .insert(erpAccountBrands)
      .values(links.map((l) => ({ accountId: account!.id, brandId: l.brandId })))
      .onConflictDoNothing();
  }
}

/**
 * The demo data, idempotent: safe at every start. Brands upsert by title, users by email (a demo
 * user's changed password is kept), links and settings are inserted when missing.
 */
export async function seed(db: Db, storage: FileStore): Promise<void> {
  const pictures = SHOWCASE_BRANDS.map(([title, latin], i) => ({ title, latin, key: `seed/brand-${pad(i + 1)}.png` }));
  for (const [i, p] of pictures.entries()) await ensurePicture(db, storage, p.key, p.latin, i);
  const demoBrands = DEMO_USERS.flatMap((u) => u.brands);
  for (const [i, b] of demoBrands.entries())
    await ensurePicture(db, storage, `seed/demo-${pad(i + 1)}.png`, b.latin, i + 3);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const [i, p] of pictures.entries()) {
      await upsertBrand(tx, {
        title: p.title,
        pic: p.key,
        type: 1,
        isShowcase: true,
        isTemplate: i < TEMPLATE_COUNT,
        status: 1,
        sort: i + 1,
      });
    }

    let demoIndex = 0;
    const demoBrandIds: number[] = [];
    for (const u of DEMO_USERS) {
      const profile = { name: u.name, authType: u.authType, perIds: u.perIds, isReviewer: u.isReviewer ?? false };
      const [user] = await tx
        .insert(users)
        .values({ email: u.email, passwordHash, ...profile })
        .onConflictDoUpdate({ target: users.email, set: profile })
        .returning({ id: users.id });
      for (const b of u.brands) {
        demoIndex += 1;
        const brandId = await upsertBrand(tx, { title: b.title, type: b.type, pic: `seed/demo-${pad(demoIndex)}.png` });
        demoBrandIds.push(brandId);
        const links = (u.brandPerIds ?? u.perIds).map((perId) => ({ userId: user!.id, brandId, perId }));
        if (links.length) await tx.insert(userBrands).values(links).onConflictDoNothing();
      }
    }

    // Each demo brand's shop on every marketplace, with its demo secret, so the simulator pushes.
    await tx
      .insert(marketLinks)
      .values(
        demoBrandIds.flatMap((ipId) =>
          MARKET_PLATFORM_CODES.map((platform) => {
            const shop = marketDemoShop(platform, ipId);
            return { platform, shopId: shop.shop_id, ipId, secret: shop.secret };
          }),
        ),
      )
      .onConflictDoNothing();

    const [first] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.title, DEMO_USERS[0]!.brands[0]!.title));
    const ipId = first!.id;
    for (const w of DEMO_WAREHOUSES) {
      const [exists] = await tx
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(and(eq(warehouses.ipId, ipId), eq(warehouses.name, w.name)))
        .limit(1);
      if (!exists) await tx.insert(warehouses).values({ ipId, name: w.name, country: w.country });
    }
    await tx
      .insert(freightTemplates)
      .values(DEMO_FREIGHT_TEMPLATES.map((t) => ({ ipId, ...t })))
      .onConflictDoNothing();
    await seedErpAccount(tx, passwordHash);
    const f = DEMO_DEPOSIT_FREIGHT;
    await tx
      .insert(depositFreight)
      .values({ ipId, freeDays: f.freeDays, freeNum: f.freeNum, unitPrice: f.unitPriceFen })
      .onConflictDoNothing();
  });
  await seedGoods(db, storage);
  await seedBlindBoxes(db, storage);
  await seedDraws(db);
}

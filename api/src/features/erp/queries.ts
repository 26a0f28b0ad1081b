import { createHash, randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { countryText, fileUrl, messages } from '@toy/shared';
import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  brands,
  deposits,
  erpAccountBrands,
  erpAccounts,
  erpTokens,
  orderItems,
  pickups,
  uploads,
  warehouses,
} from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { randomToken } from '../../lib/seal.js';
import { formatTime } from '../../lib/time.js';
import { fileBaseOf } from '../../lib/urls.js';
import type { FileStore } from '../../storage/store.js';
import { EXPORT_PREFIX } from '../job/index.js';
import { type LabelData, writeWaybillPdf } from './label.js';

const m = messages.erp;

export interface ErpAccount {
  id: number;
  username: string;
  name: string;
  /** The brands whose pickups the account prints. */
  brandIds: number[];
}

/** The account with these credentials, else 400 账号或密码错误 (the same for an unknown name). */
export async function checkErpCredentials(db: Db, username: string, password: string) {
  const [account] = await db
    .select()
    .from(erpAccounts)
    .where(eq(erpAccounts.username, username.trim().toLowerCase()))
    .limit(1);
  const ok = await verifyPassword(password, account?.passwordHash ?? null);
  if (!account || !ok) throw httpError(400, m.badCredentials);
  return account;
}

/** A new token row for the account; it is the `t` of later calls. */
export async function createErpToken(db: Db, config: Config, accountId: number): Promise<string> {
  const token = randomToken(32);
  const expiresAt = new Date(config.clock().getTime() + config.erpTokenTtlHours * 3600_000);
  await db.insert(erpTokens).values({ token, accountId, expiresAt });
  return token;
}

const TOKEN = /^[0-9a-f]{64}$/;

/** The account of a live (not revoked, not expired) token, or null. */
export async function erpAccountOf(db: Db, token: string): Promise<ErpAccount | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: erpAccounts.id, username: erpAccounts.username, name: erpAccounts.name })
    .from(erpTokens)
    .innerJoin(erpAccounts, eq(erpAccounts.id, erpTokens.accountId))
    .where(and(eq(erpTokens.token, token), isNull(erpTokens.revokedAt), gt(erpTokens.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const links = await db
    .select({ id: erpAccountBrands.brandId })
    .from(erpAccountBrands)
    .where(eq(erpAccountBrands.accountId, row.id))
    .orderBy(asc(erpAccountBrands.brandId));
  return { ...row, brandIds: links.map((l) => l.id) };
}

export async function revokeErpToken(db: Db, token: string): Promise<void> {
  if (!TOKEN.test(token)) return;
  await db
    .update(erpTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(erpTokens.token, token), isNull(erpTokens.revokedAt)));
}

export interface Shipment {
  pickupId: number;
  ipId: number;
  orderSn: string;
  sender: LabelData['sender'];
  receiver: LabelData['receiver'];
  goods: LabelData['goods'];
}

/**
 * The pickups behind these outbound order numbers, in the order given, with the sender (an overseas
 * pickup's warehouse in its country, else the brand's first; a domestic pickup: the brand), the receiver and the goods. Tenancy first: only the
 * account's brands' pickups count; any other number is named in a 404 and nothing is printed.
 */
export async function shipmentsOf(db: Db, account: ErpAccount, numbers: string[]): Promise<Shipment[]> {
  const rows = account.brandIds.length
    ? await db
        .select({ p: pickups, brand: brands.title })
        .from(pickups)
        .innerJoin(brands, eq(brands.id, pickups.ipId))
        .where(and(inArray(pickups.orderSn, numbers), inArray(pickups.ipId, account.brandIds)))
    : [];
  const bySn = new Map(rows.map((r) => [r.p.orderSn, r]));
  const missing = numbers.filter((n) => !bySn.has(n));
  if (missing.length) throw httpError(404, m.notFound(missing));

  const ipIds = [...new Set(rows.map((r) => r.p.ipId))];
  const stores = await db.select().from(warehouses).where(inArray(warehouses.ipId, ipIds)).orderBy(asc(warehouses.id));
  const goods = await db
    .select({ pickupId: deposits.pickupId, title: orderItems.goodsTitle, nums: count() })
    .from(deposits)
    .innerJoin(orderItems, eq(orderItems.id, deposits.orderItemId))
    .where(
      inArray(
        deposits.pickupId,
        rows.map((r) => r.p.id),
      ),
    )
    .groupBy(deposits.pickupId, orderItems.goodsTitle)
    .orderBy(asc(orderItems.goodsTitle));

  return numbers.map((sn) => {
    const { p, brand } = bySn.get(sn)!;
    // An overseas pickup leaves from the brand's warehouse in its destination country (else its first
    // warehouse); a domestic one (no country) is sent by the brand itself, never from abroad.
    const own = stores.filter((w) => w.ipId === p.ipId);
    const store = p.country ? (own.find((w) => w.country === p.country) ?? own[0]) : undefined;
    return {
      pickupId: p.id,
      ipId: p.ipId,
      orderSn: p.orderSn,
      sender: store
        ? { name: store.name, brand, country: countryText(store.country) }
        : { name: brand, brand, country: '' },
      receiver: {
        name: p.username,
        phone: p.phone,
        address: [p.province, p.city, p.area, p.address].filter(Boolean).join(' '),
      },
      goods: goods.filter((g) => g.pickupId === p.id).map((g) => ({ title: g.title, nums: Number(g.nums) })),
    };
  });
}

/**
 * Write the labels (each number `copies` times, in order) to storage as one PDF, served like an
 * export (`/files/exports/…`, removed after a day). `record` runs in the transaction that records
 * the file, so the audit rows and the file's row are written together.
 */
export async function writeWaybills(
  db: Db,
  config: Config,
  storage: FileStore,
  shipments: Shipment[],
  copies: number,
  record: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], url: string) => Promise<void>,
): Promise<string> {
  const printedAt = formatTime(new Date());
  const labels = shipments.flatMap((s) =>
    Array.from({ length: copies }, (_, i) => ({ ...s, copy: i + 1, copies, printedAt })),
  );
  const month = printedAt.slice(0, 7).replace('-', '');
  const key = `${EXPORT_PREFIX}/${month}/waybill-${randomUUID()}.pdf`;
  const file = path.join(storage.scratch, `waybill-${randomUUID()}.pdf`);
  let bytes: Buffer;
  try {
    await writeWaybillPdf(file, labels, config);
    bytes = await readFile(file);
    await storage.put(key, bytes, 'application/pdf');
  } finally {
    await rm(file, { force: true });
  }
  const url = fileUrl(fileBaseOf(config), key);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(uploads).values({
        key,
        kind: 'pdf',
        mime: 'application/pdf',
        size: bytes.length,
        hash: createHash('sha256').update(bytes).digest('hex'),
        userId: null,
      });
      await record(tx, url);
    });
  } catch (error) {
    await storage.delete([key]).catch(() => undefined);
    throw error;
  }
  return url;
}

import { randomBytes } from 'node:crypto';
import { api, arrangeBox, seedHash } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { kujiBoxes, kujiGoods, kujis } from '../src/db/schema.js';
import { call } from './helpers.js';

/** A prize row: level code (Last 0, Wn 100 + n, A 1, B 2, …), stock per box, a global row's interval. */
export interface TestKujiRow {
  level: number;
  stock: number;
  start?: number;
  end?: number;
  title?: string;
}

/** Last, W1 on positions 2…5, A × 3, B × 4: 7 tickets a box. */
export const SMALL_ROWS: TestKujiRow[] = [
  { level: 0, stock: 1, title: 'Last赏手办' },
  { level: 101, stock: 1, start: 2, end: 5, title: 'W1赏挂画' },
  { level: 1, stock: 3, title: 'A赏公仔' },
  { level: 2, stock: 4, title: 'B赏徽章' },
];

/**
 * An approved kuji with its boxes, written straight into the tables the way the reviewer's
 * approval leaves it (boxes 1…boxNum, tickets = arrangeBox), on shelf since 2026-01-01 unless
 * `patch` says otherwise. Price and bean in fen.
 */
export async function approvedKuji(
  app: FastifyInstance,
  ipId: number,
  opts: {
    boxNum?: number;
    rows?: TestKujiRow[];
    price?: number;
    bean?: number;
    patch?: Partial<typeof kujis.$inferInsert>;
  } = {},
) {
  const rows = opts.rows ?? SMALL_ROWS;
  const boxNum = opts.boxNum ?? 2;
  const seed = randomBytes(32).toString('hex');
  const [kuji] = await app.db
    .insert(kujis)
    .values({
      ipId,
      title: '测试一番赏',
      pic: 'kuji.png',
      price: opts.price ?? 1000,
      boxNum,
      bean: opts.bean ?? 200,
      serviceCharge: 6,
      shelvesTime: new Date('2026-01-01T02:00:00Z'),
      auditStatus: 1,
      off: 0,
      seed,
      seedHash: seedHash(seed),
      ...opts.patch,
    })
    .returning();
  await app.db.insert(kujiGoods).values(
    rows.map((r, i) => ({
      kujiId: kuji!.id,
      sort: i,
      level: r.level,
      goodsTitle: r.title ?? `赏品${r.level}`,
      goodsPic: `kuji-${r.level}.png`,
      stock: r.stock,
      goodsPrice: 5000,
      costPrice: 2000,
      price: 5000,
      startSection: r.start ?? null,
      endSection: r.end ?? null,
    })),
  );
  const drawRows = rows.map((r) => ({ level: r.level, stock: r.stock }));
  await app.db.insert(kujiBoxes).values(
    Array.from({ length: boxNum }, (_, i) => ({
      kujiId: kuji!.id,
      boxNo: i + 1,
      tickets: arrangeBox(seed, i + 1, drawRows),
    })),
  );
  return { id: kuji!.id, seed, rows };
}

export const kujiDraw = (app: FastifyInstance, playerToken: string, body: Record<string, unknown>) =>
  call(app, api.player.kujiDraw, body as never, { headers: { player_token: playerToken } });

export const kujiLog = async (app: FastifyInstance, id: number) =>
  (await call(app, api.fairness.kujiLog, { active_id: id })).body;

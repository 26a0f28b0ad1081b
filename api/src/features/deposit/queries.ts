import { type DepositFilterValues, type DepositOrder, depositStateText } from '@toy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { fenToYuan } from '../../lib/money.js';
import { picUrl } from '../../lib/urls.js';
import { contains, shanghaiTime } from '../pickup/index.js';

type Writer = Db | Tx;

/**
 * The WHERE of the stored-order list and export (spec 02 §7 "Deposit orders"), tenancy first.
 * A cabinet item comes from a draw-box machine (type 1, batch_id) or an ichiban-kuji (type 2,
 * kuji_id); its series title is the machine's or the kuji's.
 */
export function depositWhere(brandIds: number[], f: Omit<DepositFilterValues, 'ip_id'>): SQL {
  const conds: SQL[] = [sql`d.ip_id = any(${`{${brandIds.join(',')}}`}::int[])`];
  if (Number(f.type) === 1) conds.push(sql`d.batch_id is not null`);
  if (Number(f.type) === 2) conds.push(sql`d.kuji_id is not null`);
  if (f.series_title) conds.push(sql`coalesce(dm.title, k.title) ilike ${contains(f.series_title)}`);
  if (f.goods_title) conds.push(sql`oi.goods_title ilike ${contains(f.goods_title)}`);
  if (f.begin_at) conds.push(sql`d.created_at >= ${shanghaiTime(f.begin_at)}`);
  if (f.end_at) conds.push(sql`d.created_at <= ${shanghaiTime(f.end_at, true)}`);
  if (f.user_keyword) {
    const k = contains(f.user_keyword);
    conds.push(sql`(pl.nickname ilike ${k} or pl.phone ilike ${k} or p.username ilike ${k} or p.phone ilike ${k})`);
  }
  return sql.join(conds, sql` and `);
}

const FROM = sql`
  from deposits d
  join order_items oi on oi.id = d.order_item_id
  join orders o on o.id = oi.order_id
  left join draw_machines dm on dm.id = d.batch_id
  left join kujis k on k.id = d.kuji_id
  join players pl on pl.id = d.player_id
  left join pickups p on p.id = d.pickup_id`;

export interface DepositRecord {
  id: number;
  ip_id: number;
  title: string;
  goods_pic: string;
  goods_title: string;
  state: number;
  price: number;
  avatar: string;
  name: string;
  created_at: string;
  order_sn: string;
  username: string | null;
  phone: string | null;
  province: string | null;
  city: string | null;
  area: string | null;
  address: string | null;
}

/**
 * The price of an item: its order's amount received; a kuji order holds buy_num tickets, so a ticket
 * is that amount over buy_num (fen, rounded down) and a Last / global prize (award > 0) is free.
 */
const SELECT = sql`select d.id, d.ip_id, coalesce(dm.title, k.title) as title, oi.goods_pic, oi.goods_title, d.state,
  case when d.kuji_id is null then o.received_price when coalesce(oi.award, 0) > 0 then 0
    else o.received_price / greatest(o.buy_num, 1) end as price,
  pl.avatar, pl.nickname as name, o.order_sn,
  to_char(d.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as created_at,
  p.username, p.phone, p.province, p.city, p.area, p.address`;

export async function countDeposits(db: Writer, where: SQL): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${FROM} where ${where}`));
  return r?.n ?? 0;
}

export async function listDeposits(db: Writer, where: SQL, page: number, limit: number) {
  return rowsOf<DepositRecord>(
    await db.execute(
      sql`${SELECT} ${FROM} where ${where} order by d.id desc limit ${limit} offset ${(page - 1) * limit}`,
    ),
  );
}

/** Keyset batches for the export, newest first. */
export async function depositBatch(db: Writer, where: SQL, before: number, size: number) {
  return rowsOf<DepositRecord>(
    await db.execute(sql`${SELECT} ${FROM} where ${where} and d.id < ${before} order by d.id desc limit ${size}`),
  );
}

export function depositToWire(r: DepositRecord, config: Config): DepositOrder {
  return {
    id: r.id,
    ip_id: r.ip_id,
    title: r.title,
    goods_pic: picUrl(config, r.goods_pic),
    goods_title: r.goods_title,
    state: r.state,
    state_text: depositStateText(r.state),
    price: fenToYuan(r.price),
    avatar: r.avatar ? picUrl(config, r.avatar) : '',
    name: r.name,
    created_at: r.created_at,
    order_sn: r.order_sn,
    details:
      r.username === null
        ? null
        : {
            username: r.username,
            phone: r.phone ?? '',
            province: r.province ?? '',
            city: r.city ?? '',
            area: r.area ?? '',
            address: r.address ?? '',
          },
  };
}

import type { BlindBoxRecord, BlindBoxRecordForm, StyleEntry } from '@toy/shared';

/** One style row of the record form; `key` is the row's identity in the list. */
export interface StyleRow {
  key: string;
  goods_title: string;
  goods_pic: string;
  type: number;
  probability: string;
  sku_id: number | null;
  is_overseas: number;
}

/** The record form as the page holds it (single images as one key or ''). */
export interface RecordState {
  id?: number;
  ip_id: number | '';
  goods_ip_id: number | '';
  goods_ip_title: string;
  title: string;
  price: string;
  limit_stock: string;
  shop_time: string;
  color: string;
  is_overseas: number;
  styles: StyleRow[];
  pic: string;
  main_pic: string;
  one_box_pic: string;
  one_pack_pic: string;
  pics: string[];
}

let seq = 0;
export const rowKey = () => `row-${Date.now()}-${++seq}`;

export const emptyRecord = (ipId: number | '' = ''): RecordState => ({
  ip_id: ipId,
  goods_ip_id: '',
  goods_ip_title: '',
  title: '',
  price: '',
  limit_stock: '',
  shop_time: '',
  color: '',
  is_overseas: 0,
  styles: [],
  pic: '',
  main_pic: '',
  one_box_pic: '',
  one_pack_pic: '',
  pics: [],
});

/** A record read back (a rejected one being corrected) as form state. */
export function fromRecord(r: BlindBoxRecord): RecordState {
  return {
    id: r.id,
    ip_id: r.ip_id,
    goods_ip_id: r.goods_ip_id,
    goods_ip_title: r.goods_ip_title,
    title: r.title,
    price: String(r.price),
    limit_stock: String(r.limit_stock),
    shop_time: r.shop_time,
    color: r.color,
    is_overseas: r.is_overseas,
    styles: r.goods.map((s) => ({
      key: rowKey(),
      goods_title: s.goods_title,
      goods_pic: s.goods_pic,
      type: s.type,
      probability: s.probability === null ? '' : String(s.probability),
      sku_id: s.sku_id,
      is_overseas: s.is_overseas,
    })),
    pic: r.pic,
    main_pic: r.main_pic,
    one_box_pic: r.one_box_pic,
    one_pack_pic: r.one_pack_pic,
    pics: r.pics,
  };
}

export function stylesToWire(styles: StyleRow[]): StyleEntry[] {
  return styles.map((s) => ({
    goods_title: s.goods_title,
    goods_pic: s.goods_pic,
    type: s.type,
    probability: s.type === 1 ? null : s.probability,
    sku_id: s.sku_id,
    is_overseas: s.is_overseas,
  }));
}

/** What blindBoxRecord.submit receives: goods and pics as JSON strings (spec 01 §7). */
export function toWire(f: RecordState): BlindBoxRecordForm {
  return {
    ...(f.id ? { id: f.id } : {}),
    ip_id: f.ip_id,
    goods_ip_id: f.goods_ip_id,
    title: f.title,
    price: f.price,
    limit_stock: f.limit_stock,
    shop_time: f.shop_time,
    goods: JSON.stringify(stylesToWire(f.styles)),
    pics: JSON.stringify(f.pics),
    pic: f.pic,
    main_pic: f.main_pic,
    one_box_pic: f.one_box_pic,
    one_pack_pic: f.one_pack_pic,
    color: f.color,
    is_overseas: f.is_overseas,
  };
}

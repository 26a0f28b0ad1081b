import type { BlindBoxRecord, GoodsItem } from '@toy/shared';

/** One style row of the record form; `key` is the row's identity in the list (not sent). */
export interface StyleRow {
  key: string;
  goods_title: string;
  goods_pic: string;
  type: number;
  probability: string;
  sku_id: number | null;
  is_overseas: number;
}

/**
 * The record form's values: the fields of blindBoxRecord.submit, with the styles as rows and the
 * detail images as a list (the submit sends both as JSON), plus the blind box brand's title.
 */
export interface RecordValues {
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
  goods: StyleRow[];
  pic: string;
  main_pic: string;
  one_box_pic: string;
  one_pack_pic: string;
  pics: string[];
}

let seq = 0;
const rowKey = () => `row-${Date.now()}-${++seq}`;

/** A new record for the merchant's brand; own-brand merchants record for that brand itself. */
export const emptyRecord = (brand?: { id: number; title: string }, ownBrand = false): RecordValues => ({
  ip_id: brand?.id ?? '',
  goods_ip_id: ownBrand && brand ? brand.id : '',
  goods_ip_title: ownBrand && brand ? brand.title : '',
  title: '',
  price: '',
  limit_stock: '',
  shop_time: '',
  color: '',
  is_overseas: 0,
  goods: [],
  pic: '',
  main_pic: '',
  one_box_pic: '',
  one_pack_pic: '',
  pics: [],
});

/** A record read back (a rejected one being corrected) as form values. */
export function fromRecord(r: BlindBoxRecord): RecordValues {
  return {
    ...r,
    price: String(r.price),
    limit_stock: String(r.limit_stock),
    goods: r.goods.map((s, i) => ({
      ...s,
      key: `saved-${i}`,
      probability: s.probability === null ? '' : String(s.probability),
    })),
  };
}

/** Goods picked from the brand's goods, as basic styles that keep their sku. */
export const pickedRows = (picked: GoodsItem[]): StyleRow[] =>
  picked.map((g) => ({
    key: rowKey(),
    goods_title: g.title,
    goods_pic: g.pic,
    type: 1,
    probability: '',
    sku_id: g.id,
    is_overseas: g.is_overseas,
  }));

/** A style added by hand: no sku, so never overseas. */
export const manualRow = (style: Pick<StyleRow, 'goods_title' | 'goods_pic' | 'type' | 'probability'>): StyleRow => ({
  ...style,
  key: rowKey(),
  sku_id: null,
  is_overseas: 0,
});

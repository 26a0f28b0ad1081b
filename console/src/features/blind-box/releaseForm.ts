import {
  type Allocation,
  DEFAULT_PACKAGING,
  LIMITS,
  type ReleaseForm,
  releasePublish,
  type Template,
} from '@toy/shared';
import { z } from 'zod';

/**
 * The release page's values (spec 01 §2 screen 4): what the inputs edit, with the chosen template
 * and the allocation themselves rather than their ids.
 */
export interface ReleaseValues {
  ip_id: number | '';
  template: Template | null;
  shelves_time: string;
  is_pre_sale: number;
  delivery_time: string;
  service_charge: string;
  price: string;
  is_overseas: number;
  price_us: string;
  price_th: string;
  /** Coin deduction: on by default. */
  is_bean: number;
  bean: string;
  wrap: string;
  desc: string;
  box_num: string;
  allocation: Allocation | null;
  /** Which button submits: 0 发布, 1 保存 (created delisted). */
  off: number;
}

export const emptyRelease = (ipId?: number): ReleaseValues => ({
  ip_id: ipId ?? '',
  template: null,
  shelves_time: '',
  is_pre_sale: 0,
  delivery_time: '',
  service_charge: String(LIMITS.defaultServiceFee),
  price: '',
  is_overseas: 0,
  price_us: '',
  price_th: '',
  // Off until the merchant chooses coins: on and empty, the form would refuse the merchant's first publish.
  is_bean: 0,
  bean: '',
  wrap: DEFAULT_PACKAGING,
  desc: '',
  box_num: '',
  allocation: null,
  off: 0,
});

/**
 * What blindBox.publish receives (plus official_price, which the rules read and the API replaces):
 * a field the page hides (presale's delivery time, the foreign prices, the coins) is sent empty.
 */
export function toWire(f: ReleaseValues): ReleaseForm {
  return {
    ip_id: f.ip_id,
    template_id: f.template?.id ?? '',
    official_price: f.template?.price,
    shelves_time: f.shelves_time,
    is_pre_sale: f.is_pre_sale,
    delivery_time: f.is_pre_sale ? f.delivery_time : '',
    service_charge: f.service_charge,
    price: f.price,
    is_overseas: f.is_overseas,
    price_us: f.is_overseas ? f.price_us : null,
    price_th: f.is_overseas ? f.price_th : null,
    desc: f.desc,
    box_num: f.box_num,
    is_bean: f.is_bean,
    bean: f.is_bean ? f.bean : 0,
    wrap: f.wrap,
    box_sign: f.allocation?.box_sign ?? '',
    off: f.off,
  };
}

/** The release page's check: the publish call's schema and its eleven rules, over toWire. */
export const releaseSchema = z.preprocess((v: ReleaseValues) => toWire(v), releasePublish);

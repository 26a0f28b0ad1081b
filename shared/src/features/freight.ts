import { z } from 'zod';
import { COUNTRY_CODES, type Country } from '../constants.js';
import { datetime, id, optionalId } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';

/** Deposit freight settings of a brand (spec 02 §3); money in yuan on the wire. */
export const depositFreight = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  free_days: z.number().int(),
  free_num: z.number().int(),
  unit_price: z.number(),
});
export type DepositFreight = z.infer<typeof depositFreight>;

export const freightRoutes = {
  info: defineRoute({
    operationId: 'freight.info',
    method: 'GET',
    path: '/web/goods/freight/info',
    summary: '品牌运费设置（未设置时 data 为空）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ ip_id: id() }),
    response: depositFreight.nullable(),
  }),
};

/* ------------------------------ freight templates (spec 02 screen 8) ------------------------------ */

const mf = messages.freight;

/** A freight template: one per brand and country; prices in US dollars and Thai baht. */
export const freightTemplate = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  country: z.enum(COUNTRY_CODES),
  country_text: z.string(),
  /** Items from which a pickup ships free; 1 means always free (both prices 0). */
  free_num: z.number().int(),
  price_us: z.number(),
  price_th: z.number(),
  updated_at: datetime(),
});
export type FreightTemplate = z.infer<typeof freightTemplate>;

export interface FreightTemplateForm {
  id?: number | string;
  ip_id: number | string;
  country: string;
  free_num: number | string;
  price_us: number | string;
  price_th: number | string;
}

const freeNumOk = (v: unknown) => is.number(v) && Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 99;
const priceOk = (v: unknown) =>
  is.number(v) &&
  Number(v) >= 0 &&
  Number(v) <= 10000 &&
  Math.abs(Math.round(Number(v) * 100) - Number(v) * 100) < 1e-6;
/** With free_num 1 both prices are forced to 0, so they are not checked. */
const priced = (v: Partial<FreightTemplateForm>) => Number(v.free_num) !== 1;

/** Spec 02 §5 "Freight template", in order, then the free_num > 1 rule. */
export const freightTemplateRules = ruleTable<FreightTemplateForm>([
  { field: 'ip_id', message: mf.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'country', message: mf.countryRequired, ok: (v) => is.oneOf(COUNTRY_CODES)(v.country) },
  { field: 'free_num', message: mf.freeNumRequired, ok: (v) => is.filled(v.free_num) },
  { field: 'free_num', message: mf.freeNumRange, ok: (v) => freeNumOk(v.free_num) },
  { field: 'price_us', message: mf.priceUsRequired, ok: (v) => !priced(v) || is.filled(v.price_us) },
  { field: 'price_us', message: mf.priceRange, ok: (v) => !priced(v) || priceOk(v.price_us) },
  { field: 'price_th', message: mf.priceThRequired, ok: (v) => !priced(v) || is.filled(v.price_th) },
  { field: 'price_th', message: mf.priceRange, ok: (v) => !priced(v) || priceOk(v.price_th) },
  { field: 'price_us', message: mf.priceZero, ok: (v) => !priced(v) || Number(v.price_us) > 0 },
  { field: 'price_th', message: mf.priceZero, ok: (v) => !priced(v) || Number(v.price_th) > 0 },
]);

const loose = () => z.union([z.string(), z.number()]).nullish();

export const freightTemplateSave = withRules(
  z.object({
    id: optionalId(),
    ip_id: loose(),
    country: loose(),
    free_num: loose(),
    price_us: loose(),
    price_th: loose(),
  }),
  freightTemplateRules,
).transform((v) => {
  const free = Number(v.free_num) === 1;
  return {
    id: v.id,
    ip_id: Number(v.ip_id),
    country: String(v.country) as Country,
    free_num: Number(v.free_num),
    price_us: free ? 0 : Number(v.price_us),
    price_th: free ? 0 : Number(v.price_th),
  };
});

export const freightTemplateRoutes = {
  list: defineRoute({
    operationId: 'freight.list',
    method: 'GET',
    path: '/web/goods/freight/template/list',
    summary: '运费模板列表（按品牌）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ ip_id: optionalId() }),
    response: z.array(freightTemplate),
  }),
  save: defineRoute({
    operationId: 'freight.save',
    method: 'POST',
    path: '/web/goods/freight/template/save',
    summary: '新增或编辑运费模板（每个品牌每个国家一个）',
    entity: { field: 'id', of: 'freight-template' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: freightTemplateSave,
    response: z.object({ id: z.number().int() }),
  }),
};

/* ------------------------------ freight of a pickup ------------------------------ */

/** Currencies a pickup's freight is charged in: domestic pickups in yuan, overseas in the template's. */
export const FREIGHT_CURRENCIES = [
  { value: 'CNY', label: '人民币', symbol: '¥' },
  { value: 'USD', label: '美元', symbol: 'US$' },
  { value: 'THB', label: '泰铢', symbol: '฿' },
] as const;
export type FreightCurrency = (typeof FREIGHT_CURRENCIES)[number]['value'];
export const FREIGHT_CURRENCY_CODES = FREIGHT_CURRENCIES.map((c) => c.value) as [FreightCurrency, ...FreightCurrency[]];

/**
 * Which of a template's prices an overseas pickup pays, by country: Thailand in baht (price_th),
 * every other freight country in US dollars (price_us).
 */
export const COUNTRY_FREIGHT_PRICE: Record<Country, { currency: FreightCurrency; price: 'price_th' | 'price_us' }> = {
  th: { currency: 'THB', price: 'price_th' },
  sg: { currency: 'USD', price: 'price_us' },
  id: { currency: 'USD', price: 'price_us' },
  my: { currency: 'USD', price: 'price_us' },
  ph: { currency: 'USD', price: 'price_us' },
  vn: { currency: 'USD', price: 'price_us' },
};

/**
 * The freight of an overseas pickup of `items` items to `country` under the brand's template for
 * that country, in the template's units: free from free_num items on (free_num 1: always free),
 * else the price of the country's currency.
 */
export function templateFreight(
  t: Pick<FreightTemplate, 'free_num' | 'price_us' | 'price_th'>,
  country: Country,
  items: number,
): { currency: FreightCurrency; amount: number } {
  const { currency, price } = COUNTRY_FREIGHT_PRICE[country];
  return { currency, amount: items >= t.free_num ? 0 : t[price] };
}

/** A freight amount (main unit of its currency) as the lists show it: 0 reads 包邮. */
export function freightText(amount: number, currency: string = 'CNY'): string {
  if (amount === 0) return '包邮';
  const c = FREIGHT_CURRENCIES.find((x) => x.value === currency);
  return `${c?.symbol ?? `${currency} `}${amount.toFixed(2)}`;
}

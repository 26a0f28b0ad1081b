import { z } from 'zod';
import { integer, wholeNumber } from '../fields.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';

const m = messages.erp;

/**
 * Waybill printing (面单, spec 02 §2 screen 7): its own ERP account (wire `u`, `p`) and token
 * (`t`), separate from the merchant session. The numbers printed are the outbound order numbers
 * of the account's brands' pickups.
 */

/** Print type of the spec's call (§9). */
export const WAYBILL_PRINT_TYPE = 130;
/** At most this many numbers, one per line (§5). */
export const WAYBILL_MAX_NUMBERS = 10;
/** Copies of each label: at least 1 (§5); at most this many. */
export const WAYBILL_MAX_COPIES = 20;
/** 单号类型: the only option is the original outbound order number. */
export const WAYBILL_NO_TYPES = [{ value: 1, label: '原始出库单号' }] as const;
const NO_TYPE_VALUES: readonly unknown[] = WAYBILL_NO_TYPES.flatMap((o) => [o.value, String(o.value)]);
/** An outbound order number: letters, digits, `-` and `_`. */
const WAYBILL_NO = /^[A-Za-z0-9_-]{1,64}$/;
/** The `code` of a print answer whose `t` is missing, unknown, revoked or expired. */
export const ERP_TOKEN_INVALID = 401;

/** The numbers of the textarea: one per line, trimmed, blank lines skipped, each once. */
export function waybillNumbers(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const lines = text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(lines)];
}

export interface WaybillForm {
  t?: string;
  no_type: number | string;
  no: string;
  copy_count: number | string;
  type?: number | string;
}

const firstBadNumber = (v: Partial<WaybillForm>) => waybillNumbers(v.no).find((n) => !WAYBILL_NO.test(n));

/** Spec 02 §5 "Waybill", in the form's order. */
export const waybillRules = ruleTable<WaybillForm>([
  { field: 'no_type', message: m.noTypeRequired, ok: (v) => NO_TYPE_VALUES.includes(v.no_type) },
  { field: 'no', message: m.noRequired, ok: (v) => waybillNumbers(v.no).length > 0 },
  { field: 'no', message: m.noTooMany, ok: (v) => waybillNumbers(v.no).length <= WAYBILL_MAX_NUMBERS },
  {
    field: 'no',
    message: m.noInvalid(''),
    ok: (v) => firstBadNumber(v) === undefined,
    detail: (v) => m.noInvalid(firstBadNumber(v) ?? ''),
  },
  // An empty input reaches the rules as NaN (see the schema): not a number counts as not filled.
  { field: 'copy_count', message: m.copyRequired, ok: (v) => is.filled(v.copy_count) && is.number(v.copy_count) },
  {
    field: 'copy_count',
    message: m.copyMin,
    ok: (v) => is.number(v.copy_count) && Number.isInteger(Number(v.copy_count)) && Number(v.copy_count) >= 1,
  },
  { field: 'copy_count', message: m.copyMax, ok: (v) => Number(v.copy_count) <= WAYBILL_MAX_COPIES },
  {
    field: 'type',
    message: m.typeInvalid,
    ok: (v) => v.type === undefined || Number(v.type) === WAYBILL_PRINT_TYPE,
  },
]);

export const erpLoginBody = z.object({
  u: z.string({ error: m.usernameRequired }).trim().min(1, m.usernameRequired).max(200),
  p: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(200),
});

export const waybillPrintBody = withRules(
  z.object({
    t: z.string().max(200).default(''),
    no_type: integer(),
    no: z.string().max(2000),
    // An empty input does not become 0, so the rules tell 请输入份数 from 份数不能小于1.
    copy_count: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      wholeNumber().min(1).max(WAYBILL_MAX_COPIES),
    ),
    type: integer().default(WAYBILL_PRINT_TYPE),
  }),
  waybillRules,
);

export const waybillPrintResult = z.object({
  /** 0 printed; 401 the token `t` is not (or no longer) valid: log in again. */
  code: z.number().int(),
  msg: z.string(),
  /** The PDF: one 100×150 mm label per number and copy ('' unless code is 0). */
  file_url: z.string(),
});
export type WaybillPrintResult = z.infer<typeof waybillPrintResult>;

export const erpRoutes = {
  login: defineRoute({
    operationId: 'erp.login',
    method: 'POST',
    path: '/web/helper/overseas/erp/login',
    summary: '面单打印账号登录（ERP 账号，与商家账号分开）',
    access: 'public',
    body: erpLoginBody,
    response: z.object({ token: z.string(), name: z.string() }),
  }),
  logout: defineRoute({
    operationId: 'erp.logout',
    method: 'POST',
    path: '/web/helper/overseas/erp/logout',
    summary: '面单打印账号退出（作废 t）',
    access: 'public',
    body: z.object({ t: z.string().max(200).default('') }),
    response: z.null(),
  }),
  print: defineRoute({
    operationId: 'erp.print',
    method: 'POST',
    path: '/v6/web/helper/overseas/erp/order/print',
    summary: '打印面单：按原始出库单号生成 100×150 mm 面单 PDF（t 失效时 code 为 401）',
    access: 'public',
    body: waybillPrintBody,
    response: waybillPrintResult,
  }),
};

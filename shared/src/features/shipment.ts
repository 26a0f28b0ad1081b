import { z } from 'zod';
import { messages } from '../messages.js';
import { is, ruleTable, withRules } from '../rules.js';

const m = messages.shipment;

/**
 * Spec 02 §5 "Ship form": courier company, then tracking number, both required. The same checks
 * carry the words of the place that shows them: the API's, the list's ship dialog's and the ship
 * page's. Orders, pickups and marketplace orders all ship through these.
 */
export const SHIP_WORDS = {
  api: { company: m.companyRequired, express: m.expressRequired },
  dialog: { company: m.dialogCompanyRequired, express: m.dialogExpressRequired },
  page: { company: m.pageCompanyRequired, express: m.pageExpressRequired },
} as const;
export type ShipWording = keyof typeof SHIP_WORDS;

export interface ShipForm {
  express_company: string;
  express: string;
}

export const SHIP_TEXT_MAX = 50;

/** The couriers a ship dialog offers with one click (any other is typed); the last one used comes first. */
export const COMMON_COURIERS = [
  '顺丰速运',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '极兔速递',
  '京东物流',
  'EMS',
] as const;

/** The ship form's rules in the words of `wording`. */
export const shipRules = <T extends ShipForm = ShipForm>(wording: ShipWording) =>
  ruleTable<T>([
    { field: 'express_company', message: SHIP_WORDS[wording].company, ok: (v) => is.filled(v.express_company) },
    { field: 'express_company', message: m.companyTooLong, ok: (v) => is.maxLength(SHIP_TEXT_MAX)(v.express_company) },
    { field: 'express', message: SHIP_WORDS[wording].express, ok: (v) => is.filled(v.express) },
    { field: 'express', message: m.expressTooLong, ok: (v) => is.maxLength(SHIP_TEXT_MAX)(v.express) },
  ]);

/** The two fields as a request carries them (absent = empty, so the rules answer). */
export const shipFields = {
  express_company: z.preprocess((v) => v ?? '', z.string().trim().max(SHIP_TEXT_MAX)),
  express: z.preprocess((v) => v ?? '', z.string().trim().max(SHIP_TEXT_MAX)),
};

/** The console's ship forms: the list dialog's and the ship page's words over the same two fields. */
export const shipDialogForm = withRules(z.object(shipFields), shipRules('dialog'));
export const shipPageForm = withRules(z.object(shipFields), shipRules('page'));

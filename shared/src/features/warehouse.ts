import { z } from 'zod';
import { COUNTRY_CODES } from '../constants.js';
import { datetime, id, optionalId } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';

const m = messages.warehouse;

export const warehouse = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  name: z.string(),
  country: z.enum(COUNTRY_CODES),
  country_text: z.string(),
  updated_at: datetime(),
});
export type Warehouse = z.infer<typeof warehouse>;

export interface WarehouseForm {
  id?: number | string;
  ip_id: number | string;
  name: string;
  country: string;
}

/** Spec 02 §5 "Warehouse", in order. */
export const warehouseRules = ruleTable<WarehouseForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'name', message: m.nameRequired, ok: (v) => is.filled(v.name) },
  { field: 'name', message: m.nameTooLong, ok: (v) => is.maxLength(50)(v.name) },
  { field: 'country', message: m.countryRequired, ok: (v) => is.oneOf(COUNTRY_CODES)(v.country) },
]);

export const warehouseSave = withRules(
  z.object({
    id: optionalId(),
    ip_id: id(),
    name: z.string().trim().min(1).max(50),
    country: z.enum(COUNTRY_CODES),
  }),
  warehouseRules,
);

export const warehouseRoutes = {
  list: defineRoute({
    operationId: 'warehouse.list',
    method: 'GET',
    path: '/web/goods/warehouse/list',
    summary: '仓库列表（按品牌）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ ip_id: id().optional() }),
    response: z.array(warehouse),
  }),
  save: defineRoute({
    operationId: 'warehouse.save',
    method: 'POST',
    path: '/web/goods/warehouse/save',
    summary: '新增或编辑仓库',
    entity: { field: 'id', of: 'warehouse' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: warehouseSave,
    response: z.object({ id: z.number().int() }),
  }),
};

import {
  kujiBeanRules,
  kujiDescRules,
  kujiPicRules,
  kujiShelvesTimeRules,
  kujiStockRules,
  withRules,
} from '@toy/shared';
import { z } from 'zod';

/** The detail dialog's forms: the shared rule tables of spec 03 §5 "Kuji detail actions" decide. */
const any = z.any();
export const kujiDescForm = withRules(z.object({ desc: z.string().trim() }), kujiDescRules);
export const kujiBeanForm = withRules(z.object({ is_bean: any, bean: any }), kujiBeanRules);
export const kujiShelvesForm = withRules(z.object({ off: any, shelves_time: any }), kujiShelvesTimeRules);
export const kujiPicForm = withRules(z.object({ pic: any }), kujiPicRules);
export const kujiStockForm = withRules(z.object({ type: any, stock: any, can_num: any }), kujiStockRules);

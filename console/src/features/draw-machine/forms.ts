import { beanRules, descRules, shelvesRules, stockConfirmRules, withRules } from '@toy/shared';
import { z } from 'zod';

/** The dialog forms: the shared rule tables of spec 01 §5 "Draw-machine management" decide. */
const any = z.any();
export const descForm = withRules(z.object({ desc: z.string().trim() }), descRules);
export const beanForm = withRules(z.object({ is_bean: any, bean: any }), beanRules);
export const shelvesForm = withRules(z.object({ off: any, shelves_time: any }), shelvesRules);
export const stockForm = withRules(z.object({ type: any, stock: any, can_num: any, box_sign: any }), stockConfirmRules);

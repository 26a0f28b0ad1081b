import { z } from 'zod';

// Generic zod messages in Chinese; the spec's own messages are set per field and per rule.
z.config(z.locales.zhCN());

export * from './allocation.js';
export * from './api.js';
export * from './client.js';
export * from './constants.js';
export * from './display/index.js';
export * from './envelope.js';
export * from './features/audit.js';
export * from './features/auth.js';
export * from './features/blind-box.js';
export * from './features/blind-box-record.js';
export * from './features/box-settings.js';
export * from './features/brand.js';
export * from './features/draw-machine.js';
export * from './features/erp.js';
export * from './features/freight.js';
export * from './features/gacha.js';
export * from './features/goods.js';
export * from './features/job.js';
export * from './features/player.js';
export * from './features/upload.js';
export * from './features/user.js';
export * from './features/warehouse.js';
export * from './fields.js';
export * from './menu.js';
export * from './messages.js';
export * from './roles.js';
export * from './route.js';
export * from './rules.js';
export * from './sign.js';

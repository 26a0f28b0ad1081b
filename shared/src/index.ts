import { z } from 'zod';

// Generic zod messages in Chinese; the spec's own messages are set per field and per rule.
z.config(z.locales.zhCN());

export * from './api.js';
export * from './constants.js';
export * from './envelope.js';
export * from './features/auth.js';
export * from './features/brand.js';
export * from './features/freight.js';
export * from './features/upload.js';
export * from './features/user.js';
export * from './features/warehouse.js';
export * from './fields.js';
export * from './messages.js';
export * from './roles.js';
export * from './route.js';
export * from './rules.js';
export * from './sign.js';

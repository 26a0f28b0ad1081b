import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

// Generic zod messages in Chinese; the spec's own messages are set per field and per rule.
z.config(zhCN());

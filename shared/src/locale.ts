import { z } from 'zod';

// Generic zod messages in Chinese; the spec's own messages are set per field and per rule.
z.config(z.locales.zhCN());

import { lazyPart } from '../../lib/lazyPart';

export type { AuditTarget } from './AuditDialog';

/** 操作记录 for a list page: opened from a row, so loaded after the page is up. */
export const AuditDialog = lazyPart(() => import('./AuditDialog').then((m) => m.AuditDialog));

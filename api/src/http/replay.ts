import { SIGN_WINDOW_SECONDS } from '@toy/shared';
import { lt, sql } from 'drizzle-orm';
import { batchLoader } from '../db/batch.js';
import type { Db } from '../db/client.js';
import { requestSignatures } from '../db/schema.js';

/**
 * Replays (README "Security"): the signatures of signed writes already accepted, in the database so
 * every API copy sees them. A signature is only worth keeping while its `mt` is inside the window;
 * a margin covers clocks of API copies that differ a little.
 */
const KEEP_SECONDS = SIGN_WINDOW_SECONDS + 60;

/**
 * Record the signature of a write: true the first time, false when it was seen already. The writes
 * that arrive together are recorded in one insert-or-nothing statement (db/batch.ts), so a crowd
 * costs one commit a turn; two copies that receive the same request at once cannot both win, and
 * within one statement only the first of two equal signatures does.
 */
const claims = batchLoader<{ sign: string; mt: number }, boolean>(async (db, keys) => {
  const first = new Map<string, number>();
  keys.forEach((k, i) => {
    if (!first.has(k.sign)) first.set(k.sign, i);
  });
  const rows = await db
    .insert(requestSignatures)
    .values([...first].map(([sign, i]) => ({ sign, signedAt: new Date(keys[i]!.mt * 1000) })))
    .onConflictDoNothing()
    .returning({ sign: requestSignatures.sign });
  const won = new Set(rows.map((r) => r.sign));
  return keys.map((k, i) => won.has(k.sign) && first.get(k.sign) === i);
});

export const claimSignature = (db: Db, sign: string, mt: number): Promise<boolean> => claims(db).load({ sign, mt });

/** Drop the signatures whose window has passed (they fail the `mt` check anyway); the number dropped. */
export async function pruneSignatures(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - KEEP_SECONDS * 1000);
  const rows = await db
    .delete(requestSignatures)
    .where(lt(requestSignatures.signedAt, sql`${cutoff.toISOString()}::timestamptz`))
    .returning({ sign: requestSignatures.sign });
  return rows.length;
}

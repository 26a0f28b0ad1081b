import { SIGN_WINDOW_SECONDS } from '@toy/shared';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { requestSignatures } from '../db/schema.js';

/**
 * Replays (README "Security"): the signatures of signed writes already accepted, in the database so
 * every API copy sees them. A signature is only worth keeping while its `mt` is inside the window;
 * a margin covers clocks of API copies that differ a little.
 */
const KEEP_SECONDS = SIGN_WINDOW_SECONDS + 60;

/**
 * Record the signature of a write: true the first time, false when it was seen already. One
 * insert-or-nothing statement, so two copies that receive the same request at once cannot both win.
 */
export async function claimSignature(db: Db, sign: string, mt: number): Promise<boolean> {
  const rows = await db
    .insert(requestSignatures)
    .values({ sign, signedAt: new Date(mt * 1000) })
    .onConflictDoNothing()
    .returning({ sign: requestSignatures.sign });
  return rows.length === 1;
}

/** Drop the signatures whose window has passed (they fail the `mt` check anyway); the number dropped. */
export async function pruneSignatures(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - KEEP_SECONDS * 1000);
  const rows = await db
    .delete(requestSignatures)
    .where(lt(requestSignatures.signedAt, sql`${cutoff.toISOString()}::timestamptz`))
    .returning({ sign: requestSignatures.sign });
  return rows.length;
}

import { createHash, randomInt } from 'node:crypto';
import { messages, PLAYER_LOGIN } from '@toy/shared';
import { and, count, desc, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { playerLoginCodes, playerLoginFailures } from '../../db/schema.js';
import { type HttpError, httpError } from '../../lib/errors.js';

/**
 * One-time login codes (declarations player.code and player.login, shared/src/features/player.ts;
 * tables player_login_codes and player_login_failures). Time is an input (`now`), so the rules are
 * tested without waiting. Rows are in the database: a code sent by one API copy is checked by any.
 *
 * - issueCode: at most one code per phone every resendSeconds and sendsPerPhone a window, and
 *   sendsPerAddress a window from one address; a new code replaces the phone's earlier ones.
 * - checkCode: the newest unused code of the phone, unexpired (codeMinutes), with tries left
 *   (codeTries): a wrong code uses a try; a right one is used up. An address with failuresPerAddress
 *   wrong logins within the window is refused before any code is looked at. Wrong codes from
 *   elsewhere never lock a phone: they only use up that code's tries, and a new code starts afresh.
 * - In demo mode the demo code is accepted for any phone (still behind the address throttle).
 */

const pm = messages.player;
type Limits = typeof PLAYER_LOGIN;

const hashOf = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');
const minutes = (n: number) => n * 60_000;

/** Serialise the rows of one key (a phone, an address) across API copies, for this transaction. */
const lockKey = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

export interface IssuedCode {
  code: string;
  resendAfter: number;
  expiresIn: number;
}

export async function issueCode(
  db: Db,
  want: { phone: string; address: string; now: Date },
  limits: Limits = PLAYER_LOGIN,
): Promise<IssuedCode> {
  const { phone, address, now } = want;
  const since = new Date(now.getTime() - minutes(limits.windowMinutes));
  return db.transaction(async (tx) => {
    await lockKey(tx, `player-code-address:${address}`);
    await lockKey(tx, `player-code-phone:${phone}`);
    await tx.delete(playerLoginCodes).where(lt(playerLoginCodes.createdAt, since));
    const [byPhone] = await tx
      .select({ n: count(), last: max(playerLoginCodes.createdAt) })
      .from(playerLoginCodes)
      .where(and(eq(playerLoginCodes.phone, phone), gt(playerLoginCodes.createdAt, since)));
    const wait = byPhone?.last ? limits.resendSeconds - Math.floor((now.getTime() - byPhone.last.getTime()) / 1000) : 0;
    if (wait > 0) throw httpError(429, pm.codeTooSoon(wait));
    const [byAddress] = await tx
      .select({ n: count() })
      .from(playerLoginCodes)
      .where(and(eq(playerLoginCodes.address, address), gt(playerLoginCodes.createdAt, since)));
    if ((byPhone?.n ?? 0) >= limits.sendsPerPhone || (byAddress?.n ?? 0) >= limits.sendsPerAddress)
      throw httpError(429, pm.codeTooMany);
    const code = String(randomInt(0, 10 ** limits.codeDigits)).padStart(limits.codeDigits, '0');
    // A new code replaces the earlier ones of the phone.
    await tx
      .update(playerLoginCodes)
      .set({ usedAt: now })
      .where(and(eq(playerLoginCodes.phone, phone), isNull(playerLoginCodes.usedAt)));
    await tx.insert(playerLoginCodes).values({
      phone,
      codeHash: hashOf(phone, code),
      address,
      createdAt: now,
      expiresAt: new Date(now.getTime() + minutes(limits.codeMinutes)),
    });
    return { code, resendAfter: limits.resendSeconds, expiresIn: limits.codeMinutes * 60 };
  });
}

/** Accept the phone's code (or the demo code), or throw the refusal after recording it. */
export async function checkCode(
  db: Db,
  want: { phone: string; code: string; address: string; now: Date; demoCode: string | null },
  limits: Limits = PLAYER_LOGIN,
): Promise<void> {
  const { phone, code, address, now } = want;
  const since = new Date(now.getTime() - minutes(limits.windowMinutes));
  // The refusal is returned, not thrown, so the used try and the failure are committed with it.
  const refusal = await db.transaction(async (tx): Promise<HttpError | null> => {
    await lockKey(tx, `player-code-address:${address}`);
    await tx.delete(playerLoginFailures).where(lt(playerLoginFailures.at, since));
    const [failures] = await tx
      .select({ n: count() })
      .from(playerLoginFailures)
      .where(and(eq(playerLoginFailures.address, address), gt(playerLoginFailures.at, since)));
    if ((failures?.n ?? 0) >= limits.failuresPerAddress) return httpError(429, pm.loginTooMany);
    if (want.demoCode !== null && code === want.demoCode) return null;

    const fail = async (message: string) => {
      await tx.insert(playerLoginFailures).values({ phone, address, at: now });
      return httpError(400, message);
    };
    const [live] = await tx
      .select()
      .from(playerLoginCodes)
      .where(and(eq(playerLoginCodes.phone, phone), isNull(playerLoginCodes.usedAt)))
      .orderBy(desc(playerLoginCodes.id))
      .limit(1)
      .for('update');
    if (!live) return fail(pm.codeMissing);
    if (live.expiresAt.getTime() <= now.getTime()) return fail(pm.codeExpired);
    if (live.tries >= limits.codeTries) return fail(pm.codeTriesUsed);
    if (live.codeHash !== hashOf(phone, code)) {
      await tx
        .update(playerLoginCodes)
        .set({ tries: sql`${playerLoginCodes.tries} + 1` })
        .where(eq(playerLoginCodes.id, live.id));
      return fail(pm.codeWrong);
    }
    await tx.update(playerLoginCodes).set({ usedAt: now }).where(eq(playerLoginCodes.id, live.id));
    return null;
  });
  if (refusal) throw refusal;
}

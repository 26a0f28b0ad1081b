import { randomBytes } from 'node:crypto';
import { SCRATCH_LIMITS } from '@toy/shared';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { scratchCodes } from '../../db/schema.js';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** One code: 16 symbols of 5 random bits each, 80 bits from the system's CSPRNG. */
export function newCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = 0; i < SCRATCH_LIMITS.codeLength; i++) {
    code = ALPHABET[Number(bits & 31n)]! + code;
    bits >>= 5n;
  }
  return code;
}

const BATCH = 1000;
const MAX_ROUNDS = 10;

/**
 * Issue `num` new codes to `cardId`. The unique index on code is the guard: a code that collides
 * with one anywhere on the platform is skipped by the insert and made again, until all are issued.
 */
export async function issueCodes(tx: Tx, cardId: number, num: number, make: () => string = newCode): Promise<number> {
  let issued = 0;
  for (let round = 0; issued < num; round++) {
    if (round >= MAX_ROUNDS * Math.ceil(num / BATCH)) throw new Error('scratch codes: too many collisions');
    const want = Math.min(BATCH, num - issued);
    const batch = [...new Set(Array.from({ length: want }, make))];
    const rows = await tx
      .insert(scratchCodes)
      .values(batch.map((code) => ({ cardId, code })))
      .onConflictDoNothing({ target: scratchCodes.code })
      .returning({ id: scratchCodes.id });
    issued += rows.length;
  }
  return issued;
}

/** The codes of this list that exist (a test helper's view, and the simulator's). */
export async function existingCodes(tx: Tx, codes: string[]) {
  return tx.select({ code: scratchCodes.code }).from(scratchCodes).where(inArray(scratchCodes.code, codes));
}

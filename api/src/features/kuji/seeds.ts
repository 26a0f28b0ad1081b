import { randomBytes } from 'node:crypto';
import { type KujiSeedRound, seedHash } from '@toy/shared';
import { and, asc, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { kujiSeeds } from '../../db/schema.js';
import type { KujiDbRow } from './queries.js';

/**
 * A kuji's seed rounds (table kuji_seeds): round 1 is the kuji's own seed (boxes from 1); every
 * restock commits a fresh seed for the boxes it adds. A round is revealed when the kuji sells out
 * after it was committed (kujis.revealed_at), and keeps that time once a restock has recorded it,
 * so a later sell-out does not hide when a seed became public.
 */

type SeedRow = typeof kujiSeeds.$inferSelect;
type Kuji = Pick<KujiDbRow, 'id' | 'seed' | 'seedHash' | 'createdAt' | 'revealedAt'>;

/** When a round's seed became public: its recorded time, else the kuji's sell-out after its commitment. */
const revealedAtOf = (kuji: Kuji, committedAt: Date, recorded: Date | null) =>
  recorded ?? (kuji.revealedAt && kuji.revealedAt >= committedAt ? kuji.revealedAt : null);

/** Every round of a kuji, round 1 first (implicit until the first restock records it). */
export async function seedRounds(db: Db | Tx, kuji: Kuji): Promise<SeedRow[]> {
  const rows = await db.select().from(kujiSeeds).where(eq(kujiSeeds.kujiId, kuji.id)).orderBy(asc(kujiSeeds.round));
  const first: SeedRow = {
    kujiId: kuji.id,
    round: 1,
    fromBox: 1,
    seed: kuji.seed,
    seedHash: kuji.seedHash,
    committedAt: kuji.createdAt,
    revealedAt: null,
  };
  const all = rows[0]?.round === 1 ? rows : [first, ...rows];
  return all.map((r) => ({ ...r, revealedAt: revealedAtOf(kuji, r.committedAt, r.revealedAt) }));
}

/** The seed a box was arranged from: its round's (the kuji's own for boxes no restock added). */
export async function seedOfBox(db: Db | Tx, kuji: Pick<KujiDbRow, 'id' | 'seed'>, boxNo: number): Promise<string> {
  const [row] = await db
    .select({ seed: kujiSeeds.seed })
    .from(kujiSeeds)
    .where(and(eq(kujiSeeds.kujiId, kuji.id), lte(kujiSeeds.fromBox, boxNo)))
    .orderBy(desc(kujiSeeds.fromBox))
    .limit(1);
  return row?.seed ?? kuji.seed;
}

/**
 * A restock's fresh seed for boxes from `fromBox`: records the earlier rounds with the time each
 * was revealed (round 1 included), then commits the new round. Answers the new seed.
 */
export async function commitRestockSeed(tx: Tx, kuji: Kuji, fromBox: number): Promise<string> {
  const rounds = await seedRounds(tx, kuji);
  await tx
    .insert(kujiSeeds)
    .values(rounds.map((r) => ({ ...r })))
    .onConflictDoNothing();
  for (const r of rounds.filter((x) => x.revealedAt))
    await tx
      .update(kujiSeeds)
      .set({ revealedAt: r.revealedAt })
      .where(and(eq(kujiSeeds.kujiId, kuji.id), eq(kujiSeeds.round, r.round), isNull(kujiSeeds.revealedAt)));
  const seed = randomBytes(32).toString('hex');
  await tx.insert(kujiSeeds).values({
    kujiId: kuji.id,
    round: rounds.length + 1,
    fromBox,
    seed,
    seedHash: seedHash(seed),
    committedAt: new Date(),
  });
  return seed;
}

/** The public view of the rounds: each seed only once revealed. */
export const seedRoundsToWire = (rounds: SeedRow[]): KujiSeedRound[] =>
  rounds.map((r) => ({
    round: r.round,
    from_box: r.fromBox,
    seed_hash: r.seedHash,
    seed: r.revealedAt ? r.seed : null,
    committed_at: r.committedAt.toISOString(),
    revealed_at: r.revealedAt ? r.revealedAt.toISOString() : null,
  }));

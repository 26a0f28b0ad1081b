/**
 * The API test files that depend on the database engine. `bash .ci/run` runs the whole suite on the
 * PostgreSQL server, then these a second time on the embedded PGlite (`API_TESTS=engine
 * TEST_DATABASE=pglite`), the database `npm start` uses by default: PGlite is one connection inside
 * one process, so races, row locks, pools, several API copies and SKIP LOCKED claims behave
 * differently there (the tests that need a server skip on it). A new test of a race, a lock or a
 * server-enforced bound goes in one of these files or adds its file here.
 */
export const ENGINE_TESTS = [
  // Several API copies (two buildApp, two pools) on one database.
  'draw-copies.test.ts',
  'kuji-draw.test.ts',
  'player-login.test.ts',
  'replay.test.ts',
  'storage-copies.test.ts',
  // Job claims (FOR UPDATE SKIP LOCKED), fairness between owners, restarts.
  'jobs-fair.test.ts',
  'jobs-restart.test.ts',
  // Crowds racing for the last of something: one wins, none twice, nothing below zero.
  'draw-player.test.ts',
  'compose-rule-player.test.ts',
  'coupon.test.ts',
  'exchange-method-claim.test.ts',
  'freight.test.ts',
  'goods.test.ts',
  'login-throttle.test.ts',
  'market.test.ts',
  'order.test.ts',
  'pickup.test.ts',
  'subscription.test.ts',
  'payment.test.ts',
  // Column bounds and sums the server enforces (smallint/int4 filters, money totals).
  'integer-bounds.test.ts',
  'draw-settlement.test.ts',
] as const;

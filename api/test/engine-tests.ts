/**
 * The API test files that depend on the database engine, run a second time on PostgreSQL by
 * `bash .ci/run` (`API_TESTS=engine`): the embedded PGlite is one connection inside one process,
 * so races, row locks, pools, several API copies and SKIP LOCKED claims are only real on a server.
 * Every other file runs once, on PGlite; a new test of a race or a lock goes in one of these files
 * or adds its file here.
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

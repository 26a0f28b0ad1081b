import { type FairnessLog, type Template, verifyFairness } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/features/draw-machine/reconcile.js';
import { apiClient } from '../src/tools/client.js';
import { simulate } from '../src/tools/simulate-core.js';
import { demo, listen, publishMachine } from './draw-helpers.js';
import { makeApp, PASSWORD } from './helpers.js';

let app: FastifyInstance;
let brand: string;
let molly: number;
let sweet: Template;
let base: string;
beforeAll(async () => {
  app = await makeApp();
  ({ brand, molly, sweet } = await demo(app));
  base = await listen(app);
});
afterAll(() => app.close());

describe('simulate', () => {
  it('a crowd of players draws, deposits and picks up; every counter reconciles; a sold-out machine verifies', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 2);
    const client = apiClient(base);
    const summary = await simulate(client, {
      minutes: 0.06,
      players: 8,
      thinkMs: 10,
      merchant: { email: 'brand@demo.local', password: PASSWORD },
    });
    expect(summary.draws).toBeGreaterThanOrEqual(20);
    expect(summary.errors).toBe(0);
    expect(summary.pickups).toBeGreaterThan(0);
    expect(await reconcile(app.db)).toEqual([]);
    const log = (await client.call(client.api.fairness.log, { batch_id: id })).data as FairnessLog;
    if (log.off === 2) expect(verifyFairness(log)).toBeNull();
    else expect(log.allocations[0]!.seed).toBeNull();
  }, 30_000);
});

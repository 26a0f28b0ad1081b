import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, type FairnessLog } from '@toy/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { demoApp, draw, listen, player, publishMachine, verifyDraws } from './draw-helpers.js';
import { call } from './helpers.js';
import { approvedKuji, kujiDraw } from './kuji-draw-helpers.js';

const { app, brand, molly, sweet } = await demoApp();
const base = await listen(app);
const dir = await mkdtemp(join(tmpdir(), 'verify-draws-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const publicLog = async (id: number) =>
  (await call(app, api.fairness.log, { batch_id: id }, { sign: false })).body.data as FairnessLog;

async function soldOut(boxes = 1) {
  const { id } = await publishMachine(app, brand, molly, sweet, boxes);
  const p = await player(app, `1350000${String(id).padStart(4, '0')}`);
  for (let i = 0; i < boxes * 10; i++) expect((await draw(app, p, id, 0)).statusCode).toBe(200);
  return id;
}

describe('npm run verify-draws', () => {
  it('prints OK for a sold-out machine, and FAIL at the altered record of a saved copy', async () => {
    const id = await soldOut();
    const ok = await verifyDraws(['--', String(id), '--api', base]);
    expect(ok.stderr).not.toMatch(/Error/);
    expect(ok.stdout.startsWith(`OK batch ${id} `)).toBe(true);
    expect(ok.stdout).toContain('10 draws, 1 seed(s) revealed and matching');
    expect(ok.code).toBe(0);

    // The same log saved to a file verifies too, given relative to the caller's folder.
    const log = await publicLog(id);
    await writeFile(join(dir, 'log.json'), JSON.stringify(log));
    const saved = await verifyDraws(['--file', 'log.json'], dir);
    expect(saved.stdout).toMatch(new RegExp(`^OK batch ${id} `));
    expect(saved.code).toBe(0);

    // One record altered: its style swapped for another.
    const other = log.styles.find((s) => s.id !== log.records[6]!.style_id)!.id;
    log.records[6]!.style_id = other;
    const bad = join(dir, 'tampered.json');
    await writeFile(bad, JSON.stringify(log));
    const fail = await verifyDraws(['--file', bad]);
    expect(fail.stdout.startsWith(`FAIL batch ${id} at record 7: hash does not match the record`)).toBe(true);
    expect(JSON.parse(fail.stdout.split('\n')[1]!)).toMatchObject({ seq: 7, style_id: other });
    expect(fail.code).toBe(1);
  });

  it('a machine still on sale fails clearly: its seed is not revealed yet', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 2);
    const p = await player(app, '13500009999');
    for (let i = 0; i < 3; i++) expect((await draw(app, p, id)).statusCode).toBe(200);
    expect((await publicLog(id)).allocations[0]!.seed).toBeNull();
    const res = await verifyDraws([String(id), '--api', base]);
    expect(res.stdout).toMatch(new RegExp(`^FAIL batch ${id}: allocation \\d+: seed not revealed yet\\n$`));
    expect(res.code).toBe(1);
  });

  it('ending a machine by decreasing its stock to zero reveals the seed; the command prints OK', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 3);
    const p = await player(app, '13500009998');
    for (let i = 0; i < 10; i++) expect((await draw(app, p, id, 0)).statusCode).toBe(200);
    expect((await publicLog(id)).allocations[0]!.seed).toBeNull();
    const res = await call(app, api.drawMachine.stock, { template_log_id: id, type: 2, stock: 2 } as never, {
      token: brand,
    });
    expect(res.body.data).toMatchObject({ stock: 0 });
    const log = await publicLog(id);
    expect(log.off).toBe(2);
    expect(log.allocations[0]!.seed).toMatch(/\S/);
    expect([...log.removed_cases].sort()).toEqual([2, 3]);
    const ok = await verifyDraws([String(id), '--api', base]);
    expect(ok.stdout).toMatch(new RegExp(`^OK batch ${id} .*: 10 draws, 1 seed\\(s\\) revealed and matching`));
    expect(ok.code).toBe(0);
  });

  it('answers a usage line (exit 2) without an id, and the API message for an unknown machine', async () => {
    const usage = await verifyDraws(['--api', base]);
    expect(usage.stderr).toContain('usage: npm run verify-draws -- <batch_id>');
    expect(usage.code).toBe(2);
    const missing = await verifyDraws(['999999', '--api', base]);
    expect(missing.stderr).toMatch(/^✖ /);
    expect(missing.code).toBe(1);
  });
});

describe('npm run verify-draws -- --kuji', () => {
  it('a kuji not sold out fails as a machine on sale does: exit 1, its seed not revealed yet; OK once sold out', async () => {
    // Two boxes of 7 tickets (Last, W1 on 2…5, A × 3, B × 4).
    const { id } = await approvedKuji(app, molly, { boxNum: 2 });
    const p = await player(app, '13500009997');
    const drawBox = async (box_no: number, num: number) =>
      expect((await kujiDraw(app, p, { active_id: id, box_no, num, use_bean: 0 })).statusCode).toBe(200);

    const none = await verifyDraws(['--kuji', String(id), '--api', base]);
    expect(none.stdout).toMatch(new RegExp(`^FAIL kuji ${id}: seed not revealed yet .*0 tickets and 0 prizes`));
    expect(none.code).toBe(1);

    // Box 1 sold out (its Last and W1 awarded), box 2 untouched: the seed is still sealed.
    await drawBox(1, 7);
    const half = await verifyDraws(['--', '--kuji', String(id), '--api', base]);
    expect(half.stdout).toBe(
      `FAIL kuji ${id}: seed not revealed yet (revealed when every box is sold out); the chain of 7 tickets and 2 prizes holds, but ticket levels and global winners cannot be checked\n`,
    );
    expect(half.code).toBe(1);

    await drawBox(2, 7);
    const ok = await verifyDraws(['--kuji', String(id), '--api', base]);
    expect(ok.stdout).toBe(`OK kuji ${id} (测试一番赏): 14 tickets, 4 prizes, the seed revealed and matching\n`);
    expect(ok.code).toBe(0);
  });
});

import { type AuditEntry, api, messages } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { call, createMerchant, login } from './helpers.js';

const m = messages.drawMachine;

const { app, brand, molly, sweet } = await demoApp();

const post = (def: (typeof api.drawMachine)[keyof typeof api.drawMachine], body: Record<string, unknown>) =>
  call(app, def, body as never, { token: brand });

/** The machine's audit records, newest first. */
const records = async (id: number, token = brand) => {
  const res = await call(app, api.audit.list, { entity: 'drawMachine', id }, { token });
  expect(res.statusCode).toBe(200);
  return res.body.data.list as AuditEntry[];
};

const machine = {
  title: expect.any(String),
  off: 0,
  shelves_time: '2026-01-01 10:00:00',
  desc: '测试抽盒机',
  bean: 5,
  stock: 3,
};

describe('the audit log of draw-machine writes', () => {
  it('records a description change, delist, sale time, list and coin usage with before and after', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 3);
    // Publishing (发布盒机) is the machine's first record.
    expect(await records(id)).toMatchObject([
      { action: 'create', action_text: '新增', before: null, after: { id, ...machine } },
    ]);

    expect((await post(api.drawMachine.update, { id, desc: '全新补货' })).statusCode).toBe(200);
    const [desc] = await records(id);
    expect(desc).toMatchObject({
      entity: 'drawMachine',
      entity_id: id,
      ip_id: molly,
      action: 'update',
      action_text: '编辑',
      actor: expect.stringContaining('brand@demo.local'),
      before: { id, ...machine },
      after: { id, ...machine, desc: '全新补货' },
    });

    // Refused writes record nothing.
    const listed = await post(api.drawMachine.update, { id, off: 1, shelves_time: '2026-05-01 10:00:00' });
    expect(listed.body.msg).toBe(m.delistFirst);
    expect((await post(api.drawMachine.bean, { template_log_id: id, bean: 9999 })).body.msg).toBe(m.beanTooMuch);
    expect(await records(id)).toHaveLength(2);

    await post(api.drawMachine.update, { id, off: 1 });
    const [delist] = await records(id);
    expect(delist).toMatchObject({ action: 'delist', action_text: '下架', before: { off: 0 }, after: { off: 1 } });

    await post(api.drawMachine.update, { id, off: 1, shelves_time: '2026-05-01 10:00:00' });
    const [time] = await records(id);
    expect(time).toMatchObject({
      action: 'update',
      before: { off: 1, shelves_time: '2026-01-01 10:00:00' },
      after: { off: 1, shelves_time: '2026-05-01 10:00:00' },
    });

    await post(api.drawMachine.update, { id, off: 0 });
    const [list] = await records(id);
    expect(list).toMatchObject({ action: 'list', action_text: '上架', before: { off: 1 }, after: { off: 0 } });

    await post(api.drawMachine.bean, { template_log_id: id, bean: 2.5 });
    const [bean] = await records(id);
    expect(bean).toMatchObject({ action: 'update', before: { bean: 5 }, after: { bean: 2.5 } });
    await post(api.drawMachine.bean, { template_log_id: id, bean: 0 });
    expect((await records(id))[0]).toMatchObject({ before: { bean: 2.5 }, after: { bean: 0 } });

    const all = await records(id);
    expect(all.map((r) => r.action)).toEqual(['update', 'update', 'list', 'update', 'delist', 'update', 'create']);
    expect(
      all
        .slice(0, -1)
        .every(
          (r) => r.before && r.after && Object.keys(r.after).sort().join() === Object.keys(r.before).sort().join(),
        ),
    ).toBe(true);
  });

  it('records a confirmed increase and a decrease; ending a machine records it sold out', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 2);
    // The allocation alone writes nothing to the machine: its publish stays the only record.
    const a = await post(api.drawMachine.stock, { template_log_id: id, type: 1, stock: 3 });
    expect(await records(id)).toMatchObject([{ action: 'create' }]);
    const ok = await post(api.drawMachine.stockConfirm, {
      template_log_id: id,
      type: 1,
      stock: 3,
      box_sign: (a.body.data as { box_sign: string }).box_sign,
    });
    expect(ok.body.data).toEqual({ stock: 5 });
    const [increase] = await records(id);
    expect(increase).toMatchObject({
      action: 'stock',
      action_text: '修改库存',
      before: { stock: 2, off: 0 },
      after: { stock: 5, off: 0 },
    });

    expect((await post(api.drawMachine.stock, { template_log_id: id, type: 2, stock: 6 })).body.msg).toBe(
      m.decreaseTooMany,
    );
    expect(await records(id)).toHaveLength(2);
    await post(api.drawMachine.stock, { template_log_id: id, type: 2, stock: 1 });
    expect((await records(id))[0]).toMatchObject({ action: 'stock', before: { stock: 5 }, after: { stock: 4 } });

    // A case being drawn stays; the rest removed, then the last box drawn ends the machine.
    const p = await player(app, '13900009001');
    expect((await draw(app, p, id)).statusCode).toBe(200);
    await post(api.drawMachine.stock, { template_log_id: id, type: 2, stock: 3 });
    expect((await records(id))[0]).toMatchObject({ before: { stock: 3, off: 0 }, after: { stock: 0, off: 0 } });
    const ended = await publishMachine(app, brand, molly, sweet, 1);
    await post(api.drawMachine.stock, { template_log_id: ended.id, type: 2, stock: 1 });
    expect(await records(ended.id)).toMatchObject([
      { before: { stock: 1, off: 0 }, after: { stock: 0, off: 2 } },
      { action: 'create' },
    ]);
  });

  it("another merchant cannot read a machine's records, nor write to it", async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    await post(api.drawMachine.update, { id, desc: '只给自己看' });
    expect(await records(id)).toHaveLength(2);
    const other = await createMerchant(app, [14]);
    const token = (await login(app, other.email)).web_token;
    expect(await records(id, token)).toEqual([]);
    const foreign = await call(app, api.drawMachine.update, { id, desc: '改别人的' } as never, { token });
    expect(foreign.statusCode).toBe(404);
    expect(await records(id)).toHaveLength(2);
  });
});

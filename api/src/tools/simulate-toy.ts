import { STORAGE_UPLOAD_PATH } from '@toy/shared';
import sharp from 'sharp';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;

/** Draws each player makes: one for each approved item the simulator makes. */
const DRAWS_EACH = 5;

export interface ToySummary {
  toys: number;
  scenes: number;
  moments: number;
  approved: number;
  rejected: number;
  /** Paid draws made to receive them, and the items the players then held. */
  draws: number;
  received: number;
  errors: number;
}

const svg = (width: number, height: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

/** A transparent 720×960 GIF sprite, a 1500×2600 scene, a 1200×800 photo. */
const PICTURES = {
  toy: (color: string) =>
    sharp({ create: { width: 720, height: 960, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: svg(
            720,
            960,
            `<circle cx="360" cy="480" r="240" fill="${color}"/><circle cx="290" cy="430" r="30" fill="#fff"/><circle cx="430" cy="430" r="30" fill="#fff"/>`,
          ),
        },
      ])
      .gif()
      .toBuffer(),
  scene: () =>
    sharp(
      svg(
        1500,
        2600,
        `<rect width="1500" height="2600" fill="#1b1464"/><circle cx="1100" cy="500" r="180" fill="#ffd200"/><ellipse cx="750" cy="2500" rx="1100" ry="420" fill="#36d1dc"/>`,
      ),
    )
      .png()
      .toBuffer(),
  photo: (color: string) =>
    sharp(
      svg(
        1200,
        800,
        `<rect width="1200" height="800" fill="${color}"/><circle cx="600" cy="400" r="200" fill="#ffffff" fill-opacity="0.6"/>`,
      ),
    )
      .jpeg({ quality: 88 })
      .toBuffer(),
};

/** Upload a picture as the merchant does (token, then the storage form); its key. */
async function upload(
  { call, api, base }: Client,
  web_token: string,
  file: Buffer,
  ext: string,
  size?: { width: number; height: number },
): Promise<string> {
  const token = await call(api.upload.token, { ...size }, { web_token });
  if (token.status !== 0) throw new Error(`upload token: ${token.msg}`);
  const key = `sim/toy-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.${ext}`;
  const form = new FormData();
  form.append('token', (token.data as { token: string }).token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), `picture.${ext}`);
  // The storage form of the API the simulator talks to, whatever public address it names.
  const put = await fetch(new URL(STORAGE_UPLOAD_PATH, base), { method: 'POST', body: form });
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  return key;
}

/**
 * Wish-planet toys and scenes and highlight moments: the merchant makes two toys, a scene and two
 * moments on a brand; the reviewer approves all but one toy, which it rejects with a remark (and
 * leaves one moment pending); each player then draws three times on a machine of the brand and
 * receives the approved items one by one. The lists' received counts then move.
 */
export async function simulateToy(
  client: Client,
  opts: {
    web_token: string;
    ipId: number;
    players: string[];
    reviewer?: { email: string; password: string };
    log?: (line: string) => void;
  },
): Promise<ToySummary> {
  const { call, api } = client;
  const summary: ToySummary = {
    toys: 0,
    scenes: 0,
    moments: 0,
    approved: 0,
    rejected: 0,
    draws: 0,
    received: 0,
    errors: 0,
  };
  const web_token = opts.web_token;
  const stamp = new Date().toISOString().slice(11, 16).replace(':', '');
  const fail = (what: string, msg: string) => {
    opts.log?.(`toy: ${what}: ${msg}`);
    summary.errors += 1;
  };

  const saveToy = async (type: 1 | 2, name: string, image_url: string) => {
    const res = await call(
      api.toy.save,
      { ip_id: opts.ipId, type, name, image_url, short: `${name}，抽盒掉落`, is_box_goods: 1 },
      { web_token },
    );
    if (res.status !== 0) {
      fail('save', res.msg);
      return null;
    }
    if (type === 1) summary.toys += 1;
    else summary.scenes += 1;
    return (res.data as { id: number }).id;
  };
  const toyA = await saveToy(
    1,
    `星光精灵${stamp}`.slice(0, 10),
    await upload(client, web_token, await PICTURES.toy('#ff7ab6'), 'gif', { width: 720, height: 960 }),
  );
  const toyB = await saveToy(
    1,
    `暗影精灵${stamp}`.slice(0, 10),
    await upload(client, web_token, await PICTURES.toy('#4a4a4a'), 'gif', { width: 720, height: 960 }),
  );
  // Two more sprites, so that the exchange methods (simulate-exchange.ts) have three to offer.
  const more = [];
  for (const [name, color] of [
    ['月光精灵', '#7ab6ff'],
    ['花园精灵', '#7aff9c'],
  ] as const)
    more.push(
      await saveToy(
        1,
        `${name}${stamp}`.slice(0, 10),
        await upload(client, web_token, await PICTURES.toy(color), 'gif', { width: 720, height: 960 }),
      ),
    );
  const scene = await saveToy(
    2,
    `星空场景${stamp}`.slice(0, 10),
    await upload(client, web_token, await PICTURES.scene(), 'png', { width: 1500, height: 2600 }),
  );

  const saveMoment = async (name: string, color: string) => {
    const image_url = await upload(client, web_token, await PICTURES.photo(color), 'jpg');
    const prepared = await call(api.moment.prepare, { ip_id: opts.ipId, image_url }, { web_token });
    if (prepared.status !== 0) {
      fail('prepare', prepared.msg);
      return null;
    }
    const res = await call(
      api.moment.save,
      { ip_id: opts.ipId, name, short: `${name}：玩家开箱的瞬间`, ...(prepared.data as object) } as never,
      { web_token },
    );
    if (res.status !== 0) {
      fail('moment', res.msg);
      return null;
    }
    summary.moments += 1;
    return (res.data as { id: number }).id;
  };
  const momentA = await saveMoment(`开箱时刻${stamp}`.slice(0, 10), '#f7971e');
  await saveMoment(`合影时刻${stamp}`.slice(0, 10), '#11998e');

  const reviewer = opts.reviewer ?? { email: 'reviewer@demo.local', password: 'demo1234' };
  const session = await call(api.auth.login, reviewer);
  if (session.status !== 0) {
    fail('reviewer login', session.msg);
    return summary;
  }
  const reviewToken = (session.data as { web_token: string }).web_token;
  const decide = async (
    def: typeof api.review.toyDecide | typeof api.review.momentDecide,
    id: number | null,
    status: 1 | 2,
    remark = '',
  ) => {
    if (id === null) return;
    const res = await call(def, { id, status, remark }, { web_token: reviewToken });
    if (res.status !== 0) return fail('review', res.msg);
    if (status === 1) summary.approved += 1;
    else summary.rejected += 1;
  };
  await decide(api.review.toyDecide, toyA, 1);
  await decide(api.review.toyDecide, scene, 1);
  for (const id of more) await decide(api.review.toyDecide, id, 1);
  await decide(api.review.toyDecide, toyB, 2, '背景需要透明，请重新上传');
  await decide(api.review.momentDecide, momentA, 1);

  // A machine of the brand on sale; each player draws DRAWS_EACH times (one new item a draw), enough
  // to receive every approved item: four toys and scenes, then the moment.
  const machines = await call(api.drawMachine.list, { ip_id: opts.ipId, page: 1, limit: 100 }, { web_token });
  const onSale = ((machines.data?.list ?? []) as { id: number; off: number; surplus_num: number }[]).filter(
    (m) => m.off === 0 && m.surplus_num > 0,
  );
  for (const player_token of opts.players) {
    for (let i = 0; i < DRAWS_EACH && onSale.length > 0; i++) {
      const machine = onSale[(summary.draws + i) % onSale.length]!;
      const res = await call(api.player.draw, { batch_id: machine.id, use_bean: 0 }, { player_token });
      if (res.status === 0) summary.draws += 1;
      else if (res.status !== 409) fail('draw', res.msg);
    }
    const held = await call(api.player.virtualGoods, { ip_id: opts.ipId }, { player_token });
    summary.received += (held.data as { pagination: { total_rows: number } } | null)?.pagination.total_rows ?? 0;
  }
  opts.log?.(
    `toy: ${summary.toys} toys, ${summary.scenes} scene(s), ${summary.moments} moments; ${summary.approved} approved, ${summary.rejected} rejected; ${summary.received} items received`,
  );
  return summary;
}

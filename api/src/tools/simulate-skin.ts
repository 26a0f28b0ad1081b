import { SKIN_IMAGES, SKIN_LIMITS, type SkinImageKey } from '@toy/shared';
import sharp from 'sharp';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;

export interface SkinSummary {
  /** Skins submitted. */
  skins: number;
  approved: number;
  rejected: number;
  /** Skins granted to players by the admin claim. */
  claims: number;
  errors: number;
}

const TONES = ['#8866AA', '#D9534F', '#2B7A78'];

/** A PNG of this size, through the storage protocol (token, then the multipart form); its key. */
async function uploadPng({ call, api, base }: Client, web_token: string, file: Buffer) {
  const grant = await call(api.upload.token, {}, { web_token });
  const { token, upload_url } = grant.data as { token: string; upload_url: string };
  const key = `sim/skin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.png`;
  const form = new FormData();
  form.append('token', token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), `${key.split('/')[1]}`);
  // Posted to the API the simulator talks to, whatever public address it names.
  const res = await fetch(new URL(new URL(upload_url).pathname, base), { method: 'POST', body: form });
  if (!res.ok) throw new Error(`upload: ${res.status}`);
  return key;
}

/** A PNG for a slot: its size, a soft colour; the avatar widget a ring around a transparent centre. */
function slotPng(slot: (typeof SKIN_IMAGES)[number]): Promise<Buffer> {
  const { width, height } = slot;
  const data = Buffer.alloc(width * height * 4);
  const inset = (width - SKIN_LIMITS.avatarCentre) / 2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const clear = slot.key === 'avatar_widget' && x >= inset && x < width - inset && y >= inset && y < height - inset;
      data.set(clear ? [0, 0, 0, 0] : [185, 163, 227, 255], (y * width + x) * 4);
    }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * Brand skins: the merchant saves a draft and submits three skins on the first brand (one from the
 * draft); the platform reviewer approves two and rejects one; the merchant lists one approved skin
 * with the drop switch on (a drop candidate) and grants it to the first players by the admin claim.
 * The skin list then shows every review state, the drop flag and received counts.
 */
export async function simulateSkin(
  client: Client,
  opts: {
    web_token: string;
    ipId: number;
    phones: string[];
    reviewer: { email: string; password: string };
    log?: (line: string) => void;
  },
): Promise<SkinSummary> {
  const { call, api } = client;
  const summary: SkinSummary = { skins: 0, approved: 0, rejected: 0, claims: 0, errors: 0 };
  const auth = { web_token: opts.web_token };
  try {
    const images = {} as Record<SkinImageKey, string>;
    const bySize = new Map<string, string>();
    for (const slot of SKIN_IMAGES) {
      const size = slot.key === 'avatar_widget' ? slot.key : `${slot.width}x${slot.height}`;
      if (!bySize.has(size)) bySize.set(size, await uploadPng(client, opts.web_token, await slotPng(slot)));
      images[slot.key] = bySize.get(size)!;
    }
    const stamp = new Date().toISOString().slice(11, 16).replace(':', '');
    const draft = await call(api.skin.saveDraft, { ip_id: opts.ipId, title: `草稿${stamp}`, ...images } as never, auth);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(
        api.skin.submit,
        {
          ip_id: opts.ipId,
          title: `模拟装扮${stamp}${i}`,
          content: '模拟器提交的装扮',
          font_tone: TONES[i]!,
          ...images,
          ...(i === 0 && draft.status === 0 ? { draft_id: (draft.data as { id: number }).id } : {}),
        } as never,
        auth,
      );
      if (res.status !== 0) {
        opts.log?.(`skin: ${res.msg}`);
        summary.errors += 1;
        continue;
      }
      ids.push((res.data as { id: number }).id);
      summary.skins += 1;
    }
    const login = await call(api.auth.login, opts.reviewer);
    if (login.status !== 0) throw new Error(`reviewer login: ${login.msg}`);
    const reviewer = { web_token: (login.data as { web_token: string }).web_token };
    for (const [i, id] of ids.entries()) {
      const status = i === 2 ? 2 : 1;
      const res = await call(
        api.review.skinDecide,
        { id, status, reason: status === 2 ? '图片不够清晰' : '' },
        reviewer,
      );
      if (res.status !== 0) summary.errors += 1;
      else if (status === 1) summary.approved += 1;
      else summary.rejected += 1;
    }
    const listed = ids[0];
    if (listed !== undefined && summary.approved > 0) {
      await call(api.skin.setStatus, { id: listed, status: 0 }, auth);
      await call(api.skin.setDrop, { id: listed, is_box_goods: 1 }, auth);
      for (const phone of opts.phones.slice(0, 5)) {
        const res = await call(api.skin.claim, { id: listed, active_id: 1, phone } as never, auth);
        if (res.status === 0) summary.claims += 1;
        else summary.errors += 1;
      }
    }
  } catch (error) {
    opts.log?.(`skin: ${(error as Error).message}`);
    summary.errors += 1;
  }
  return summary;
}

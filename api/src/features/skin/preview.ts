import { messages, SKIN_LIMITS, SKIN_PREVIEW_PATH, type SkinImages } from '@toy/shared';
import { toBuffer } from 'bwip-js/node';
import { eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { skinPreviews } from '../../db/schema.js';
import { randomToken } from '../../lib/seal.js';
import { formatTime } from '../../lib/time.js';
import { imagesToRow, imagesToWire } from './queries.js';
import { SKIN_SAMPLE_PATH, skinSampleZip } from './sample.js';

const m = messages.skin;

/** The phone page a preview code opens. */
export const previewLink = (publicUrl: string, code: string) => `${publicUrl}${SKIN_PREVIEW_PATH}?code=${code}`;

/**
 * 微信扫码预览: keep the form as it is now under a random code valid 10 minutes, and answer a QR
 * code (PNG data URL) of the page that renders it. Expired codes are removed as new ones are made.
 */
export async function makePreview(
  db: Db,
  config: Config,
  request: FastifyRequest,
  form: { title: string; font_tone: string; images: SkinImages; width: number },
) {
  const code = randomToken(16);
  const expiresAt = new Date(Date.now() + SKIN_LIMITS.previewSeconds * 1000);
  await db.delete(skinPreviews).where(lt(skinPreviews.expiresAt, new Date(Date.now() - 86_400_000)));
  await db.insert(skinPreviews).values({
    code,
    userId: request.user!.id,
    title: form.title,
    fontTone: form.font_tone,
    images: imagesToRow(config, form.images),
    expiresAt,
  });
  const link = previewLink(config.publicUrl, code);
  const png = await toBuffer({
    bcid: 'qrcode',
    text: link,
    scale: Math.max(2, Math.round(form.width / 60)),
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  return {
    url: `data:image/png;base64,${png.toString('base64')}`,
    link,
    expire_time: Math.floor(expiresAt.getTime() / 1000),
    expire_at: formatTime(expiresAt),
  };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const color = (s: string) => (/^#[0-9a-fA-F]{3,6}$/.test(s) ? s : '#333333');

const shell = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${esc(title)}</title>
<style>
*{box-sizing:border-box}body{margin:0;background:#eef0f4;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
.phone{width:375px;max-width:100vw;margin:0 auto;background:#fff;position:relative;overflow:hidden}
.bar{height:44px;display:flex;align-items:center;justify-content:center;font-weight:600;font-size:16px}
.screen{position:relative;min-height:640px;border-bottom:8px solid #eef0f4}
.plate{display:flex;align-items:center;gap:10px;padding:12px 16px}
.plate img{width:54px;height:54px}
.lucky{width:100%;display:block}
.card{margin:12px 16px;border-radius:8px;overflow:hidden;position:relative}
.card img{width:100%;display:block}
.nav{position:absolute;left:0;right:0;bottom:0;height:90px;background-size:100% 100%;display:flex;justify-content:space-around;align-items:center}
.nav div{text-align:center;font-size:11px}.nav img{width:40px;height:40px;display:block;margin:0 auto 2px}
.head{position:relative;height:320px;background-size:cover;background-position:center top}
.avatar{position:absolute;left:50%;top:80px;width:150px;height:150px;margin-left:-75px}
.avatar .face{position:absolute;left:15px;top:15px;width:120px;height:120px;border-radius:50%;background:#c9cfdb}
.avatar img{position:absolute;inset:0;width:150px;height:150px}
.name{position:absolute;top:240px;width:100%;text-align:center;font-size:18px;font-weight:600}
.strip img{width:100%;display:block;margin-top:8px}
.refuse{padding:80px 24px;text-align:center;color:#444}.refuse h1{font-size:20px}.refuse p{color:#888;font-size:14px}
.tag{font-size:12px;color:#888;text-align:center;padding:6px 0}
</style></head><body>${body}</body></html>`;

const refusal = (text: string) =>
  shell(
    '装扮预览',
    `<div class="phone"><div class="refuse" data-testid="skin-preview-refused"><h1>${esc(text)}</h1><p>请在商家后台点击「微信扫码预览」重新生成预览码</p></div></div>`,
  );

/** The skin on a phone-sized mock of the app: home (brand plate, nav bar and icons), then the profile. */
export function previewPage(p: { title: string; fontTone: string; images: SkinImages; expiresAt: Date }): string {
  const img = (key: keyof SkinImages, cls = '') =>
    p.images[key] ? `<img ${cls ? `class="${cls}" ` : ''}src="${esc(p.images[key])}" alt="${esc(key)}">` : '';
  const tone = color(p.fontTone);
  const nav = (
    [
      ['index_label_index_selected', '首页'],
      ['index_label_mall', '商城'],
      ['index_label_message', '消息'],
      ['index_label_user', '我的'],
    ] as const
  )
    .map(([key, label], i) => `<div style="color:${i === 0 ? tone : '#999'}">${img(key)}${label}</div>`)
    .join('');
  const navBg = p.images.index_nav ? `background-image:url('${esc(p.images.index_nav)}')` : 'background:#f7f7f7';
  const profileNav = (
    [
      ['index_label_index', '首页'],
      ['index_label_mall', '商城'],
      ['index_label_message', '消息'],
      ['index_label_user_selected', '我的'],
    ] as const
  )
    .map(([key, label], i) => `<div style="color:${i === 3 ? tone : '#999'}">${img(key)}${label}</div>`)
    .join('');
  const headBg = p.images.user_background
    ? `background-image:url('${esc(p.images.user_background)}')`
    : 'background:#dde';
  const body = `<div class="phone" data-testid="skin-preview" style="color:${tone}">
<div class="tag">预览有效期至 ${esc(formatTime(p.expiresAt))}</div>
<section class="screen" data-testid="skin-preview-home">
  <div class="bar">首页</div>
  <div class="plate">${img('ip_brand')}<strong data-testid="skin-preview-title">${esc(p.title || '我的装扮')}</strong></div>
  ${img('active_lucky_lucky_image', 'lucky')}
  <div class="card">${img('club_record_head_background')}</div>
  <nav class="nav" style="${navBg}" data-testid="skin-preview-nav">${nav}</nav>
</section>
<section class="screen" data-testid="skin-preview-profile">
  <div class="head" style="${headBg}">
    <div class="avatar"><div class="face"></div>${img('avatar_widget')}</div>
    <div class="name">玩家昵称</div>
  </div>
  <div class="strip">${img('message_background')}${img('club_comment_like_popup')}${img('club_record_like_popup')}</div>
  <nav class="nav" style="${navBg}">${profileNav}</nav>
</section>
</div>`;
  return shell(`${p.title || '装扮'}预览`, body);
}

/** GET /m/skin/preview?code=…: the phone page (no login); an unknown or expired code is refused. */
const skinPreviewPage: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;
  app.get(
    SKIN_PREVIEW_PATH,
    {
      schema: {
        operationId: 'skin.previewPage',
        summary: '装扮手机预览页（HTML，10 分钟有效）',
        tags: ['skin'],
        querystring: z.object({ code: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { code } = request.query as { code?: string };
      const [row] =
        code && /^[0-9a-f]{32}$/.test(code)
          ? await db.select().from(skinPreviews).where(eq(skinPreviews.code, code))
          : [];
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      if (!row) return reply.code(404).send(refusal(m.previewUnknown));
      if (row.expiresAt.getTime() <= Date.now()) return reply.code(410).send(refusal(m.previewExpired));
      return reply.send(
        previewPage({
          title: row.title,
          fontTone: row.fontTone,
          images: imagesToWire(config, row.images),
          expiresAt: row.expiresAt,
        }),
      );
    },
  );

  /** 下载样例: every slot's PNG named as the batch upload expects (no login: sample files only). */
  app.get(
    SKIN_SAMPLE_PATH,
    { schema: { operationId: 'skin.sample', summary: '装扮图片样例（zip）', tags: ['skin'] } },
    async (_request, reply) =>
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('装扮样例.zip')}`)
        .send(await skinSampleZip()),
  );
};

export default skinPreviewPage;

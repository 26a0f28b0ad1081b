import { z } from 'zod';
import { datetime, id, optionalId } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { MARKET_PLATFORM_CODES } from './market.js';

const m = messages.marketLink;

/**
 * Marketplace links (平台店铺绑定): a merchant links a marketplace shop (platform, shop id) to one
 * of its brands; the link has its own secret, shown once when made or rotated, with which that
 * shop signs its pushes (shared marketSign). A push is accepted only for the brand linked to the
 * shop that signed it.
 */

/** A marketplace shop id as the marketplace writes it. */
export const MARKET_SHOP_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The demo links the seed makes for the demo brands (one shop per platform and brand), so the
 * simulator pushes in demo mode. Their secrets start with MARKET_DEMO_SECRET_PREFIX, which a
 * secret made by the API (marketLinkSecret in the API) never does: production mode refuses them.
 */
export const MARKET_DEMO_SECRET_PREFIX = 'dev-market-';
export const marketDemoShop = (platform: string, ipId: number) => ({
  shop_id: `demo-${platform}-${ipId}`,
  secret: `${MARKET_DEMO_SECRET_PREFIX}${platform}-${ipId}`,
});
export const isMarketDemoSecret = (secret: string) => secret.startsWith(MARKET_DEMO_SECRET_PREFIX);

export const marketLink = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  platform: z.string(),
  platform_text: z.string(),
  shop_id: z.string(),
  /** The secret's last 4 characters, so a merchant can tell which one a marketplace holds. */
  secret_hint: z.string(),
  /** 1 while the link has the seed's demo secret (rotate it before going live; production refuses it). */
  is_demo: z.number().int(),
  created_at: datetime(),
  rotated_at: datetime(),
});
export type MarketLink = z.infer<typeof marketLink>;

export interface MarketLinkForm {
  ip_id: number | string;
  platform: string;
  shop_id: string;
}

/** The link form's rules, in order. */
export const marketLinkRules = ruleTable<MarketLinkForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'platform', message: m.platformRequired, ok: (v) => is.oneOf(MARKET_PLATFORM_CODES)(v.platform) },
  { field: 'shop_id', message: m.shopRequired, ok: (v) => is.filled(v.shop_id) },
  {
    field: 'shop_id',
    message: m.shopInvalid,
    ok: (v) => typeof v.shop_id === 'string' && MARKET_SHOP_ID_PATTERN.test(v.shop_id.trim()),
  },
]);

export const marketLinkSave = withRules(
  z.object({
    ip_id: id(),
    platform: z.enum(MARKET_PLATFORM_CODES),
    shop_id: z.string().trim().regex(MARKET_SHOP_ID_PATTERN),
  }),
  marketLinkRules,
);

/** A link and, once, its secret (made or rotated). */
const linkWithSecret = z.object({ link: marketLink, secret: z.string() });

export const marketLinkRoutes = {
  list: defineRoute({
    operationId: 'marketLink.list',
    method: 'GET',
    path: '/web/market/link/list',
    summary: '平台店铺绑定列表（按品牌）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ ip_id: optionalId() }),
    response: z.object({ list: z.array(marketLink) }),
  }),
  save: defineRoute({
    operationId: 'marketLink.save',
    method: 'POST',
    path: '/web/market/link/save',
    summary: '绑定平台店铺：答复店铺密钥（只显示这一次）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: marketLinkSave,
    response: linkWithSecret,
  }),
  rotate: defineRoute({
    operationId: 'marketLink.rotate',
    method: 'POST',
    path: '/web/market/link/rotate',
    summary: '更换店铺密钥：旧密钥立即失效，新密钥只显示这一次',
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: linkWithSecret,
  }),
  remove: defineRoute({
    operationId: 'marketLink.remove',
    method: 'POST',
    path: '/web/market/link/delete',
    summary: '解除绑定：该店铺的推送此后被拒绝',
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
};

import { mobilePage } from '../../lib/mobile-page.js';

/** Membership plans a merchant can buy or renew; the login page's 购买/续费会员 QR and link open it. */
export const MEMBERSHIP_PLANS = [
  { title: '月度会员', price: '¥299', note: '30 天，全部后台功能' },
  { title: '年度会员', price: '¥2,999', note: '365 天，赠送 2 个月，优先审核' },
  { title: '旗舰会员', price: '¥9,999', note: '365 天，官方一番赏签约资格，专属客服' },
] as const;

export function membershipPage(): string {
  const plans = MEMBERSHIP_PLANS.map(
    (p) => `<div class="plan"><b>${p.title}</b><span class="price">${p.price}</span><small>${p.note}</small></div>`,
  ).join('\n  ');
  return mobilePage(
    '购买/续费会员',
    `  <h1>购买/续费会员</h1>
  <p class="sub">开通会员后即可使用商家后台发布盲盒、一番赏与数字藏品</p>
  <style>.plan{border:1px solid #e6e1ff;border-radius:12px;padding:14px;margin:10px 0;display:grid;grid-template-columns:1fr auto;gap:4px}
  .plan small{grid-column:1/3;color:var(--muted)}.price{color:var(--brand);font-weight:700}</style>
  ${plans}
  <p class="sub" style="margin-top:18px">请在商家端App「我的 - 会员中心」完成支付，或联系平台客服开通</p>`,
  );
}

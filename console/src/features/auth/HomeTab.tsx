import type { Session } from '@toy/shared/features/auth';
import { ArrowRight, Boxes, QrCode, ShieldCheck, Truck, Zap } from 'lucide-react';
import { BrandShowcase } from './BrandShowcase';
import { ACCOUNT_LOGIN_TEXT, PanelHeading } from './PanelHeading';
import { PasswordLogin } from './PasswordLogin';

const FEATURES = [
  { icon: Boxes, title: '盲盒发售', text: '模板备案、分配盒机、一键上架' },
  { icon: Zap, title: '一番赏', text: '赏品分级，全局赏实时开奖' },
  { icon: Truck, title: '海外发货', text: '运费模板与海外仓统一管理' },
  { icon: ShieldCheck, title: '安全可靠', text: '扫码登录，请求签名防篡改' },
];

/** 首页 tab: the pitch with a quick account login, and the brand showcase in three rows. */
export function HomeTab({ onLogin, onShop }: { onLogin: (s: Session) => Promise<unknown>; onShop: () => void }) {
  return (
    <>
      <div className="lp-container lp-home">
        <div className="lp-hero">
          <div className="lp-pitch">
            <span className="lp-badge">潮玩 · 盲盒 · 一番赏</span>
            <h1 className="lp-title">
              一站式潮玩盲盒
              <br />
              商家平台
            </h1>
            <p className="lp-lead">品牌入驻、盒机发售、订单发货、海外售卖，全部在一个后台完成</p>
            <button type="button" className="lp-cta" onClick={onShop} data-testid="go-shop">
              进入商家后台
              <ArrowRight size={18} />
            </button>
            <div className="lp-features">
              {FEATURES.map((f) => (
                <div key={f.title} className="lp-feature">
                  <div className="lp-feature-icon">
                    <f.icon size={18} />
                  </div>
                  <p className="lp-feature-title">{f.title}</p>
                  <p className="lp-feature-text">{f.text}</p>
                </div>
              ))}
            </div>
          </div>
          <div className="lp-card lp-quick">
            <div className="lp-stack">
              <PanelHeading title="商家登录" text={ACCOUNT_LOGIN_TEXT} />
              <PasswordLogin onLogin={onLogin} />
              <button type="button" className="lp-link" onClick={onShop} data-testid="go-qr">
                <QrCode size={15} />
                扫码登录 / 购买会员
              </button>
            </div>
          </div>
        </div>
      </div>
      <div className="lp-brands">
        <p className="lp-brands-title">— 入驻品牌 —</p>
        <BrandShowcase />
      </div>
    </>
  );
}

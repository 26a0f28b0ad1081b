import type { Session } from '@toy/shared/features/auth';
import { APP_TITLE } from '../../config';
import { Membership } from './Membership';
import { ACCOUNT_LOGIN_TEXT, PanelHeading } from './PanelHeading';
import { PasswordLogin } from './PasswordLogin';
import { QrLogin } from './QrLogin';

/** 商家后台 tab: QR login, account login and the membership link. */
export function ShopTab({ onLogin }: { onLogin: (s: Session) => Promise<unknown> }) {
  return (
    <div className="lp-container lp-shop">
      <div className="lp-card lp-panel">
        <div className="lp-panels">
          <div className="lp-panel-qr">
            <PanelHeading title="扫码登录" text="打开商家端App，扫描下方二维码" center />
            <QrLogin onLogin={(s) => void onLogin(s)} />
          </div>
          <div className="lp-panel-account">
            <PanelHeading title="账号登录" text={ACCOUNT_LOGIN_TEXT} />
            <PasswordLogin onLogin={onLogin} />
          </div>
        </div>
        <div className="lp-panel-foot">
          <Membership />
        </div>
      </div>
      <p className="lp-copyright">
        © {new Date().getFullYear()} {APP_TITLE}
      </p>
    </div>
  );
}

import type { Session } from '@toy/shared/features/auth';
import { useState } from 'react';
import { APP_TITLE } from '../../config';
import { LOGGED_OUT_PARAM } from '../../session/loggedOut';
import { HomeTab } from './HomeTab';
import { signInToApp } from './loginApi';
import { ShopTab } from './ShopTab';
import './login.css';

type Tab = 'home' | 'shop';

/** A guard redirect (?redirect=…) lands on the login form unless nav says otherwise. */
function tabOf(search: URLSearchParams): Tab {
  const nav = search.get('nav');
  return nav === 'shop' || (nav === null && search.has('redirect')) ? 'shop' : 'home';
}

/**
 * /login: 首页 (brand showcase) and 商家后台 (QR and password login), `?nav=shop` selects the latter.
 * Plain React and one CSS file: the page loads neither the component kit nor the router; after a
 * login the browser opens the redirect target (or /dashboard) and the console's shell loads there.
 */
export default function LoginPage({ onLogin = signInToApp }: { onLogin?: (session: Session) => Promise<unknown> }) {
  const [tab, setTab] = useState<Tab>(() => tabOf(new URLSearchParams(window.location.search)));
  // 退出登录 lands here with ?logged_out=1: say so once, and drop the mark from the address.
  const [loggedOut] = useState(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(LOGGED_OUT_PARAM)) return false;
    url.searchParams.delete(LOGGED_OUT_PARAM);
    window.history.replaceState(window.history.state, '', url);
    return true;
  });
  const selectTab = (next: Tab) => {
    const url = new URL(window.location.href);
    const p = url.searchParams;
    if (next === 'shop') p.set('nav', 'shop');
    else if (p.has('redirect')) p.set('nav', 'home');
    else p.delete('nav');
    window.history.replaceState(window.history.state, '', url);
    setTab(next);
  };
  const tabProps = (value: Tab) => ({
    type: 'button' as const,
    role: 'tab',
    className: 'lp-tab',
    'aria-selected': tab === value,
    'data-selected': tab === value ? '' : undefined,
    'data-testid': `tab-${value}`,
    onClick: () => selectTab(value),
  });

  return (
    <div className="lp">
      <div className="lp-glow lp-glow-a" />
      <div className="lp-glow lp-glow-b" />
      <header className="lp-header">
        <div className="lp-logo">
          <img src="/favicon.svg" alt="" />
          <p>{APP_TITLE}</p>
        </div>
        <div className="lp-tabs" role="tablist">
          <button {...tabProps('home')}>首页</button>
          <button {...tabProps('shop')}>商家后台</button>
        </div>
      </header>
      <main>
        {loggedOut && (
          <p className="lp-notice" role="status" data-testid="logged-out">
            已退出登录
          </p>
        )}
        <div className="lp-main" role="tabpanel">
          {tab === 'home' ? (
            <HomeTab onLogin={onLogin} onShop={() => selectTab('shop')} />
          ) : (
            <ShopTab onLogin={onLogin} />
          )}
        </div>
      </main>
    </div>
  );
}

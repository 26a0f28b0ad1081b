import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { safeRedirect } from './lib/redirect';
import { hasSession } from './lib/session';

/**
 * Without a session, /login (and /auth-redirect, which leads there) is the lean login page: plain
 * React and one CSS file, without the component kit, the router or the console's shell. Every
 * other start loads the console's app; after a login on the lean page the app takes over.
 */
function leanLogin(): boolean {
  if (hasSession()) return false;
  const { pathname, search } = window.location;
  if (pathname === '/auth-redirect') {
    const target = safeRedirect(new URLSearchParams(search).get('redirect'));
    window.history.replaceState(null, '', `/login?nav=shop&redirect=${encodeURIComponent(target)}`);
    return true;
  }
  return pathname === '/login';
}

const loadApp = (): Promise<ComponentType> => import('./app/App').then((m) => m.App);

const load: Promise<ComponentType> = leanLogin()
  ? import('./features/auth/LeanLogin').then(({ default: LeanLogin }) => () => <LeanLogin loadApp={loadApp} />)
  : loadApp();

void load.then((Page) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  ),
);

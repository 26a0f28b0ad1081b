import type { Session } from '@toy/shared/features/auth';
import { type ComponentType, useEffect, useState } from 'react';
import LoginPage from './LoginPage';
import { redirectTarget } from './loginApi';

/**
 * /login opened without a session (see main.tsx): the login page alone. Once it shows, the console's
 * app (`loadApp`) is fetched into the cache, outside this page's first load. A login stores the
 * session and loads the user as the console does (authStore.signIn), then the app takes the page
 * over at the redirect target (or /dashboard).
 */
export default function LeanLogin({ loadApp }: { loadApp: () => Promise<ComponentType> }) {
  const [App, setApp] = useState<ComponentType | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => void loadApp(), 300);
    return () => window.clearTimeout(timer);
  }, [loadApp]);
  const onLogin = async (session: Session) => {
    const [app, { authStore }] = await Promise.all([loadApp(), import('../../session/authStore')]);
    const info = await authStore.signIn(session);
    if (!info) return null;
    window.history.replaceState(null, '', redirectTarget(window.location.search));
    setApp(() => app);
    return info;
  };
  return App ? <App /> : <LoginPage onLogin={onLogin} />;
}

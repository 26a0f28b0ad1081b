import type { Session } from '@toy/shared/features/auth';
import { type ComponentType, useState } from 'react';
import LoginPage from './LoginPage';
import { redirectTarget } from './loginApi';

/**
 * /login opened without a session (see main.tsx): the login page alone. A login stores the session
 * and loads the user as the console does (authStore.signIn), then the console's app takes the page
 * over at the redirect target (or /dashboard).
 */
export default function LeanLogin() {
  const [App, setApp] = useState<ComponentType | null>(null);
  const onLogin = async (session: Session) => {
    const [app, { authStore }] = await Promise.all([import('../../app/App'), import('../../session/authStore')]);
    const info = await authStore.signIn(session);
    if (!info) return null;
    window.history.replaceState(null, '', redirectTarget(window.location.search));
    setApp(() => app.App);
    return info;
  };
  return App ? <App /> : <LoginPage onLogin={onLogin} />;
}

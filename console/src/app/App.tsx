import { ChakraProvider } from '@chakra-ui/react';
import type { UserInfo } from '@toy/shared';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { toaster } from '../lib/notify';
import { sessionPrompt } from '../lib/sessionPrompt';
import { authStore, useAuth } from '../session/authStore';
import { FullPageSpinner } from './pages/FullPageSpinner';
import { createAppRouter } from './router';
import { system } from './theme';

// The 登录失效 prompt and the toaster are loaded when first needed, not with the first page.
const SessionExpiredDialog = lazy(() =>
  import('./SessionExpiredDialog').then((m) => ({ default: m.SessionExpiredDialog })),
);
const AppToaster = lazy(() => import('../components/ui/AppToaster').then((m) => ({ default: m.AppToaster })));

type AppRouterInstance = ReturnType<typeof createAppRouter>;
let current: { info: UserInfo | null; router: AppRouterInstance } | null = null;

/** One router per user info: a new one replaces (and disposes) the previous. */
function routerFor(info: UserInfo | null): AppRouterInstance {
  if (current && current.info === info) return current.router;
  current?.router.dispose();
  current = { info, router: createAppRouter(info) };
  return current.router;
}

const swrOptions = { revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 1000 };

/**
 * The router is a function of the signed-in user's menus: it is built once the user info is known
 * (or known to be absent) and rebuilt when it changes (after login).
 */
function AppRouter() {
  const { status, info } = useAuth();
  useEffect(() => {
    if (status === 'idle') void authStore.loadUser();
  }, [status]);
  const waiting = status === 'idle' || (status === 'loading' && !info);
  if (waiting) return <FullPageSpinner />;
  return <RouterProvider router={routerFor(info)} />;
}

/** Mounts the 登录失效 prompt the first time a 401 asks for it; it stays mounted afterwards. */
function SessionPromptHost() {
  const { open } = useSyncExternalStore(sessionPrompt.subscribe, sessionPrompt.get, sessionPrompt.get);
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  ) : null;
}

/** Mounts the toaster with the first toast (it then shows the toasts already queued). */
function ToasterHost() {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getVisibleToasts().length > 0) setNeeded(true);
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrOptions}>
        <AppRouter />
        <SessionPromptHost />
        <ToasterHost />
      </SWRConfig>
    </ChakraProvider>
  );
}

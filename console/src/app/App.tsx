import { ChakraProvider } from '@chakra-ui/react';
import type { UserInfo } from '@toy/shared';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppToaster } from '../components/ui/AppToaster';
import { authStore, useAuth } from '../session/authStore';
import { FullPageSpinner } from './pages/FullPageSpinner';
import { createAppRouter } from './router';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { system } from './theme';

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

export function App() {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrOptions}>
        <AppRouter />
        <SessionExpiredDialog />
        <AppToaster />
      </SWRConfig>
    </ChakraProvider>
  );
}

import type { UserInfo } from '@toy/shared';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router-dom';
import { hasSession } from '../lib/session';
import { authStore } from '../session/authStore';
import { userRoles } from '../session/roles';
import { type GeneratedRoute, generateRoutes, type RouteHandle, safeRedirect } from './menuRoutes';
import { FullPageSpinner } from './pages/FullPageSpinner';
import { RootShell } from './pages/RootShell';
import { RouteError } from './pages/RouteError';
import { type PageImport, routeKeys, routeMap } from './routeMap';

/** Paths open without a session (spec 01 §2). */
export const OPEN_PATHS = [
  '/login',
  '/auth-redirect',
  '/icp',
  '/crypto_collection',
  '/nfc',
  '/extend',
  '/extend_left',
  '/extend_right',
  '/extend_center',
  '/print_waybill',
  '/screen_md',
] as const;

/** The venue screens live on the display hub (8764); the console's own paths send the browser there. */
export const DISPLAY_PATHS = ['/screen_md', '/extend', '/extend_left', '/extend_right', '/extend_center'] as const;

/** The hub's base URL: `displayBase` from /config.js, else http://<this host>:8764. */
export function displayUrl(url: URL, runtime: { displayBase?: string } | undefined): string {
  const base = (runtime?.displayBase || `http://${url.hostname}:8764`).replace(/\/+$/, '');
  return `${base}${url.pathname}${url.search}`;
}

function displayRedirect({ request }: LoaderFunctionArgs) {
  const runtime = (window as unknown as { __APP_CONFIG__?: { displayBase?: string } }).__APP_CONFIG__;
  window.location.replace(displayUrl(new URL(request.url), runtime));
  return null;
}

const PLACEHOLDER_TITLES: Record<string, string> = {
  '/icp': '备案信息',
  '/crypto_collection': '数字藏品',
  '/nfc': 'NFC',
  '/extend': '活动大屏',
  '/extend_left': '活动大屏（左）',
  '/extend_right': '活动大屏（右）',
  '/extend_center': '活动大屏（中）',
  '/screen_md': '门店大屏',
};

const Empty = () => null;

const page = (load: PageImport) => async () => ({ Component: (await load()).default });

export function loginRedirect(url: URL): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Loaders of one navigation run in parallel, so every redirecting child checks the session too. */
function requireSession(request: Request) {
  if (!hasSession()) throw redirect(loginRedirect(new URL(request.url)));
}

function protectedLoader({ request }: LoaderFunctionArgs) {
  requireSession(request);
  const { status } = authStore.get();
  if (status === 'idle' || status === 'anonymous') void authStore.loadUser();
  return null;
}

function loginLoader({ request }: LoaderFunctionArgs) {
  if (hasSession()) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
  return null;
}

export function menuRouteObjects(routes: GeneratedRoute[]): RouteObject[] {
  return routes
    .filter((r) => r.path !== '/dashboard')
    .map((r) => ({
      path: r.path.slice(1),
      lazy: page(routeMap[r.url as keyof typeof routeMap]),
      handle: { title: r.title, trail: r.trail, roles: r.roles } satisfies RouteHandle,
    }));
}

export function createAppRouter(info: UserInfo | null) {
  const generated = info ? generateRoutes(info.menus ?? [], userRoles(info), routeKeys) : [];
  const dashboardTitle = generated.find((r) => r.path === '/dashboard')?.title || '首页';

  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RouteError,
      HydrateFallback: FullPageSpinner,
      children: [
        {
          path: 'login',
          loader: loginLoader,
          lazy: page(() => import('../features/auth/LoginPage')),
          handle: { title: '登录' } satisfies RouteHandle,
        },
        {
          path: 'auth-redirect',
          lazy: page(() => import('../features/auth/AuthRedirectPage')),
          handle: { title: '登录跳转' } satisfies RouteHandle,
        },
        {
          // The waybill page has its own login and token, apart from the merchant session.
          path: 'print_waybill',
          lazy: page(() => import('../features/erp/WaybillPage')),
          handle: { title: '打印面单' } satisfies RouteHandle,
        },
        ...Object.entries(PLACEHOLDER_TITLES).map(([path, title]) => ({
          path: path.slice(1),
          ...((DISPLAY_PATHS as readonly string[]).includes(path) ? { loader: displayRedirect } : {}),
          lazy: page(() => import('./pages/PlaceholderPage')),
          handle: { title } satisfies RouteHandle,
        })),
        {
          path: '/',
          loader: protectedLoader,
          lazy: page(() => import('./layout/AppLayout')),
          children: [
            {
              index: true,
              loader: ({ request }) => {
                requireSession(request);
                return redirect('/dashboard');
              },
              Component: Empty,
            },
            {
              path: 'dashboard',
              lazy: page(routeMap.dashboard),
              handle: { title: dashboardTitle, trail: [dashboardTitle] } satisfies RouteHandle,
            },
            ...menuRouteObjects(generated),
            {
              path: '404',
              lazy: page(() => import('./pages/NotFoundPage')),
              handle: { title: '404' } satisfies RouteHandle,
            },
            {
              path: '*',
              loader: ({ request }) => {
                requireSession(request);
                return redirect('/404');
              },
              Component: Empty,
            },
          ],
        },
      ],
    },
  ];
  return createBrowserRouter(routes);
}

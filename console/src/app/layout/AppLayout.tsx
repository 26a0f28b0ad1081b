import { Box, Flex } from '@chakra-ui/react';
import { LIMITS } from '@toy/shared';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { lazyPart } from '../../lib/lazyPart';
import { useIsMobile } from '../../lib/useIsMobile';
import { useUserInfo } from '../../session/authStore';
import { userRoles } from '../../session/roles';
import { buildNav, type NavItem } from '../menuRoutes';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { routeKeys } from '../routeMap';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';

// Opened from the user menu only: loaded after the page is up, not with it.
const PasswordDialog = lazyPart(() => import('./PasswordDialog').then((m) => m.PasswordDialog));
const AvatarDialog = lazyPart(() => import('./AvatarDialog').then((m) => m.AvatarDialog));
// The menu's news badge comes from a call anyway: its code is loaded after the page is up too.
const ReviewNewsProbe = lazyPart(() =>
  import('../../features/dashboard/ReviewNewsProbe').then((m) => m.ReviewNewsProbe),
);
// A phone's menu, opened by the navbar's button: loaded after the page is up as well.
const SidebarDrawer = lazyPart(() => import('./SidebarDrawer').then((m) => m.SidebarDrawer));

const COLLAPSED_WIDTH = 64;
const COLLAPSE_KEY = 'console:sidebar-collapsed';

/** The signed-in frame: sidebar (a drawer under 992 px), navbar with breadcrumb and user menu. */
export default function AppLayout() {
  const info = useUserInfo();
  const mobile = useIsMobile();
  const navigation = useNavigation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  // The merchant's menu says how many review decisions it has not looked at (on 首页).
  const roles = userRoles(info);
  const watchNews = info !== null && (roles.includes('admin') || roles.includes('box_admin'));
  const [newsCount, setNewsCount] = useState(0);
  const news = watchNews ? newsCount : 0;
  const badges = useMemo(() => ({ '/dashboard': news }), [news]);

  const nav = useMemo<NavItem[]>(() => {
    if (!info) return [];
    const items = buildNav(info.menus ?? [], userRoles(info), routeKeys);
    const hasHome = items.some((i) => i.path === '/dashboard');
    return hasHome ? items : [{ id: 0, title: '首页', icon: 'dashboard', path: '/dashboard', children: [] }, ...items];
  }, [info]);

  if (!info) return <FullPageSpinner />;

  const toggle = () => {
    if (mobile) return setDrawerOpen(true);
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSE_KEY, c ? '0' : '1');
      return !c;
    });
  };
  const width = collapsed ? COLLAPSED_WIDTH : LIMITS.sidebarWidth;

  return (
    <Flex minH="100vh" bg="bg.canvas">
      {!mobile && (
        <Box
          as="aside"
          w={`${width}px`}
          flexShrink={0}
          position="sticky"
          top="0"
          h="100vh"
          transition="width 0.2s"
          overflow="hidden"
          data-collapsed={collapsed ? 'true' : 'false'}
        >
          <Sidebar nav={nav} collapsed={collapsed} badges={badges} />
        </Box>
      )}
      {mobile && <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen} nav={nav} badges={badges} />}
      <Flex direction="column" flex="1" minW="0">
        <Navbar
          mobile={mobile}
          collapsed={collapsed}
          onToggle={toggle}
          onChangePassword={() => setPasswordOpen(true)}
          onChangeAvatar={() => setAvatarOpen(true)}
        />
        <Box
          as="main"
          flex="1"
          p={{ base: '3', md: '5' }}
          opacity={navigation.state === 'loading' ? 0.6 : 1}
          transition="opacity 0.2s"
        >
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
      {watchNews && <ReviewNewsProbe key={info.id} userId={info.id} onCount={setNewsCount} />}
      <PasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
      <AvatarDialog open={avatarOpen} onOpenChange={setAvatarOpen} />
    </Flex>
  );
}

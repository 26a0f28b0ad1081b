import { Box, Breadcrumb, Flex, IconButton, Text } from '@chakra-ui/react';
import { Download, Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Fragment } from 'react';
import { Link as RouterLink, useMatches } from 'react-router-dom';
import { lazyPart } from '../../lib/lazyPart';
import type { RouteHandle } from '../menuRoutes';
import { UserButton } from './UserButton';

/** 导出文件's button while the export list loads. */
const ExportCentreButton = () => (
  <IconButton aria-label="导出文件" variant="ghost" size="sm">
    <Download size={18} />
  </IconButton>
);

// The export list and the user menu bring Chakra's popover and menu (and their positioning): they
// are loaded after the page is up, not with it; until then their buttons show as they will be.
const ExportCentre = lazyPart(
  () => import('../../components/transfer/ExportCentre').then((m) => m.ExportCentre),
  <ExportCentreButton />,
);
const UserMenu = lazyPart(() => import('./UserMenu').then((m) => m.UserMenu), <UserButton />);

interface NavbarProps {
  mobile: boolean;
  collapsed: boolean;
  onToggle: () => void;
  onChangePassword: () => void;
  onChangeAvatar: () => void;
}

function Crumbs() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const trail = handle?.trail ?? (handle?.title ? [handle.title] : []);
  const items = trail[0] === '首页' || trail.length === 0 ? trail : ['首页', ...trail];
  return (
    <Breadcrumb.Root size="sm" data-testid="breadcrumb" minW="0">
      <Breadcrumb.List flexWrap="nowrap">
        {items.map((title, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: crumbs are positional
          <Fragment key={`${title}-${i}`}>
            <Breadcrumb.Item>
              {i === items.length - 1 ? (
                <Breadcrumb.CurrentLink color="fg" fontWeight="500">
                  {title}
                </Breadcrumb.CurrentLink>
              ) : i === 0 ? (
                <Breadcrumb.Link asChild color="fg.muted">
                  <RouterLink to="/dashboard">{title}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Text as="span" color="fg.muted">
                  {title}
                </Text>
              )}
            </Breadcrumb.Item>
            {i < items.length - 1 && <Breadcrumb.Separator />}
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

export function Navbar({ mobile, collapsed, onToggle, onChangePassword, onChangeAvatar }: NavbarProps) {
  const ToggleIcon = mobile ? MenuIcon : collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <Flex
      as="header"
      h="60px"
      px={{ base: '3', md: '5' }}
      align="center"
      gap="3"
      bg="white"
      borderBottomWidth="1px"
      borderColor="gray.100"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <IconButton
        aria-label={mobile ? '打开菜单' : collapsed ? '展开侧边栏' : '收起侧边栏'}
        data-testid="sidebar-toggle"
        variant="ghost"
        size="sm"
        onClick={onToggle}
      >
        <ToggleIcon size={20} />
      </IconButton>
      <Box flex="1" minW="0" overflow="hidden">
        <Crumbs />
      </Box>
      <ExportCentre />
      <UserMenu onChangePassword={onChangePassword} onChangeAvatar={onChangeAvatar} />
    </Flex>
  );
}

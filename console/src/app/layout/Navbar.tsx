import {
  Avatar,
  Box,
  Breadcrumb,
  Flex,
  HStack,
  IconButton,
  Menu,
  Portal,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  ChevronDown,
  Image as ImageIcon,
  KeyRound,
  LogOut,
  Menu as MenuIcon,
  PanelLeftClose,
  PanelLeftOpen,
} from 'lucide-react';
import { Fragment } from 'react';
import { Link as RouterLink, useMatches } from 'react-router-dom';
import { ExportCentre } from '../../components/transfer/ExportCentre';
import { getAvatar } from '../../lib/session';
import { authStore, useUserInfo } from '../../session/authStore';
import { useBrandWord } from '../../session/useBrandWord';
import type { RouteHandle } from '../menuRoutes';

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
  const info = useUserInfo();
  const word = useBrandWord();
  const accountText = info?.roles?.includes('reviewer')
    ? '平台审核账号'
    : info?.type === 2
      ? `${word}账号`
      : `${word}方账号`;
  const avatar = info?.avatar || getAvatar();
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
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <HStack
            as="button"
            gap="2"
            px="2"
            py="1"
            rounded="full"
            cursor="pointer"
            _hover={{ bg: 'gray.50' }}
            data-testid="user-menu"
          >
            {/* Named by its visible text, then 用户菜单 (all a phone's screen reader hears). */}
            <Avatar.Root size="sm" colorPalette="brand" aria-hidden>
              <Avatar.Fallback name={info?.name} />
              {avatar && <Avatar.Image src={avatar} />}
            </Avatar.Root>
            <Box textAlign="left" display={{ base: 'none', sm: 'block' }} lineHeight="1.2">
              <Text fontSize="sm" fontWeight="600" data-testid="user-name" truncate maxW="160px">
                {info?.name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {accountText}
              </Text>
            </Box>
            <VisuallyHidden>用户菜单</VisuallyHidden>
            <ChevronDown size={14} />
          </HStack>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="40">
              <Menu.Item value="avatar" onClick={onChangeAvatar} data-testid="change-avatar">
                <ImageIcon size={16} />
                修改头像
              </Menu.Item>
              <Menu.Item value="password" onClick={onChangePassword} data-testid="change-password">
                <KeyRound size={16} />
                修改密码
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout" color="fg.error" onClick={() => void authStore.signOut()} data-testid="logout">
                <LogOut size={16} />
                退出登录
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}

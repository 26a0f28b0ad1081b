import { Badge, Box, chakra, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { APP_TITLE } from '../../config';
import type { NavItem } from '../menuRoutes';
import { menuIcon } from './menuIcons';

export interface SidebarProps {
  nav: NavItem[];
  /** A count beside a menu item (by path): news the user has not looked at. */
  badges?: Record<string, number>;
  collapsed?: boolean;
  onNavigate?: () => void;
}

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);
const containsActive = (item: NavItem, pathname: string): boolean =>
  isActive(pathname, item.path) || item.children.some((c) => containsActive(c, pathname));

const StyledLink = chakra(NavLink);

function Leaf({
  item,
  depth,
  collapsed,
  badge = 0,
  onNavigate,
}: {
  item: NavItem;
  depth: number;
  collapsed?: boolean;
  badge?: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const Icon = item.path === '/dashboard' ? LayoutDashboard : menuIcon(item.icon);
  const active = isActive(pathname, item.path);
  return (
    <StyledLink
      to={item.path}
      onClick={onNavigate}
      title={collapsed ? item.title : undefined}
      data-testid={`menu-${item.path}`}
      display="flex"
      alignItems="center"
      gap="3"
      h="11"
      px={collapsed ? '0' : '4'}
      pl={collapsed ? '0' : depth > 0 ? '11' : '4'}
      justifyContent={collapsed ? 'center' : 'flex-start'}
      mx="2"
      rounded="md"
      fontSize="sm"
      color={active ? 'white' : 'side.text'}
      bg={active ? 'side.active' : 'transparent'}
      fontWeight={active ? '600' : '400'}
      transition="background 0.15s, color 0.15s"
      _hover={{ bg: active ? 'side.active' : 'side.hover', color: 'white' }}
      aria-current={active ? 'page' : undefined}
    >
      {(depth === 0 || collapsed) && <Icon size={18} strokeWidth={1.8} />}
      {!collapsed && <Text truncate>{item.title}</Text>}
      {badge > 0 && (
        <Badge
          colorPalette="red"
          variant="solid"
          rounded="full"
          ms={collapsed ? '-2' : 'auto'}
          alignSelf={collapsed ? 'flex-start' : undefined}
          mt={collapsed ? '1' : undefined}
          aria-label={`${badge} 条新的审核结果`}
          data-testid={`menu-badge-${item.path}`}
        >
          {badge > 99 ? '99+' : badge}
        </Badge>
      )}
    </StyledLink>
  );
}

function Group({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  const Icon = menuIcon(item.icon);
  const active = containsActive(item, pathname);
  return (
    <Box>
      <chakra.button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        display="flex"
        alignItems="center"
        gap="3"
        w="calc(100% - 16px)"
        h="11"
        px="4"
        mx="2"
        rounded="md"
        fontSize="sm"
        color={active ? 'white' : 'side.text'}
        cursor="pointer"
        _hover={{ bg: 'side.hover', color: 'white' }}
      >
        <Icon size={18} strokeWidth={1.8} />
        <Text flex="1" textAlign="left" truncate>
          {item.title}
        </Text>
        <Box transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s">
          <ChevronDown size={16} />
        </Box>
      </chakra.button>
      {open && (
        <Stack gap="1" mt="1">
          {item.children.map((child) =>
            child.children.length ? (
              <Group key={child.id} item={child} onNavigate={onNavigate} />
            ) : (
              <Leaf key={child.id} item={child} depth={1} onNavigate={onNavigate} />
            ),
          )}
        </Stack>
      )}
    </Box>
  );
}

const flattenLeaves = (items: NavItem[]): NavItem[] =>
  items.flatMap((i) => (i.children.length ? flattenLeaves(i.children) : [i]));

export function Sidebar({ nav, badges = {}, collapsed, onNavigate }: SidebarProps) {
  return (
    <Flex direction="column" h="full" bg="side.bg" color="side.text" data-testid="sidebar">
      <Flex
        h="60px"
        align="center"
        gap="2.5"
        px={collapsed ? '0' : '5'}
        justify={collapsed ? 'center' : 'flex-start'}
        flexShrink={0}
      >
        <Image src="/favicon.svg" alt="" w="8" h="8" />
        {!collapsed && (
          <Text color="white" fontWeight="700" fontSize="md" letterSpacing="wide" truncate>
            {APP_TITLE}
          </Text>
        )}
      </Flex>
      {/* A menu longer than the screen scrolls; its items keep their height instead of shrinking to fit. */}
      <Stack as="nav" aria-label="主菜单" gap="1" py="3" overflowY="auto" flex="1" css={{ '& > *': { flexShrink: 0 } }}>
        {collapsed
          ? flattenLeaves(nav).map((item) => (
              <Leaf key={item.id} item={item} depth={0} collapsed badge={badges[item.path]} onNavigate={onNavigate} />
            ))
          : nav.map((item) =>
              item.children.length ? (
                <Group key={item.id} item={item} onNavigate={onNavigate} />
              ) : (
                <Leaf key={item.id} item={item} depth={0} badge={badges[item.path]} onNavigate={onNavigate} />
              ),
            )}
      </Stack>
    </Flex>
  );
}

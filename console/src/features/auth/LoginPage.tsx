import { Box, Flex, HStack, Image, Tabs, Text } from '@chakra-ui/react';
import type { Session } from '@toy/shared';
import { useSearchParams } from 'react-router-dom';
import { APP_TITLE } from '../../config';
import { authStore } from '../../session/authStore';
import { HomeTab } from './HomeTab';
import { ShopTab } from './ShopTab';

type Tab = 'home' | 'shop';

const triggerStyle = {
  rounded: 'full',
  px: '5',
  color: 'whiteAlpha.800',
  _selected: { bg: 'white', color: 'gray.900' },
} as const;

/** /login: 首页 (brand showcase) and 商家后台 (QR and password login), `?nav=shop` selects the latter. */
export default function LoginPage() {
  const [search, setSearch] = useSearchParams();
  // A guard redirect (?redirect=…) lands on the login form unless nav says otherwise.
  const nav = search.get('nav');
  const tab: Tab = nav === 'shop' || (nav === null && search.has('redirect')) ? 'shop' : 'home';
  const selectTab = (next: Tab) =>
    setSearch(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'shop') p.set('nav', 'shop');
        else if (p.has('redirect')) p.set('nav', 'home');
        else p.delete('nav');
        return p;
      },
      { replace: true },
    );
  // The router is rebuilt with the user's menus; the /login guard then follows `redirect`.
  const onLogin = (session: Session) => authStore.signIn(session);

  return (
    <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value as Tab)} variant="plain" lazyMount unmountOnExit>
      <Box minH="100vh" bg="#0f0d24" color="white" position="relative" overflow="hidden">
        <Box
          position="absolute"
          w="680px"
          h="680px"
          rounded="full"
          top="-260px"
          left="-200px"
          bg="radial-gradient(circle, rgba(109,74,255,0.55) 0%, rgba(109,74,255,0) 70%)"
        />
        <Box
          position="absolute"
          w="620px"
          h="620px"
          rounded="full"
          bottom="-280px"
          right="-180px"
          bg="radial-gradient(circle, rgba(255,107,154,0.35) 0%, rgba(255,107,154,0) 70%)"
        />
        <Flex
          as="header"
          position="relative"
          h="68px"
          px={{ base: '4', md: '10' }}
          align="center"
          justify="space-between"
        >
          <HStack gap="3">
            <Image src="/favicon.svg" alt="" w="9" h="9" />
            <Text fontWeight="800" fontSize="lg" letterSpacing="wide" display={{ base: 'none', sm: 'block' }}>
              {APP_TITLE}
            </Text>
          </HStack>
          <Tabs.List bg="whiteAlpha.100" rounded="full" p="1" gap="1">
            <Tabs.Trigger value="home" data-testid="tab-home" {...triggerStyle}>
              首页
            </Tabs.Trigger>
            <Tabs.Trigger value="shop" data-testid="tab-shop" {...triggerStyle}>
              商家后台
            </Tabs.Trigger>
          </Tabs.List>
        </Flex>
        <Tabs.Content value="home" position="relative" pt="0">
          <HomeTab onLogin={onLogin} onShop={() => selectTab('shop')} />
        </Tabs.Content>
        <Tabs.Content value="shop" position="relative" pt="0">
          <ShopTab onLogin={onLogin} />
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}

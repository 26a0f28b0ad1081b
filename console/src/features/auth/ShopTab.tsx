import { Box, Container, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Session } from '@toy/shared';
import { APP_TITLE } from '../../config';
import { Membership } from './Membership';
import { ACCOUNT_LOGIN_TEXT, PanelHeading } from './PanelHeading';
import { PasswordLogin } from './PasswordLogin';
import { QrLogin } from './QrLogin';

/** 商家后台 tab: QR login, account login and the membership link. */
export function ShopTab({ onLogin }: { onLogin: (s: Session) => Promise<unknown> }) {
  return (
    <Container maxW="4xl" py={{ base: '6', md: '14' }} px={{ base: '3', md: '6' }}>
      <Box bg="white" color="fg" rounded="2xl" shadow="2xl" overflow="hidden">
        <SimpleGrid columns={{ base: 1, md: 2 }}>
          <Stack
            gap="5"
            p={{ base: '6', md: '10' }}
            align="center"
            bg="gray.50"
            borderRightWidth={{ md: '1px' }}
            borderColor="gray.100"
          >
            <PanelHeading title="扫码登录" text="打开商家端App，扫描下方二维码" center />
            <QrLogin onLogin={(s) => void onLogin(s)} />
          </Stack>
          <Stack gap="5" p={{ base: '6', md: '10' }}>
            <PanelHeading title="账号登录" text={ACCOUNT_LOGIN_TEXT} />
            <PasswordLogin onLogin={onLogin} />
          </Stack>
        </SimpleGrid>
        <Box p={{ base: '4', md: '6' }} borderTopWidth="1px" borderColor="gray.100">
          <Membership />
        </Box>
      </Box>
      <Text textAlign="center" mt="6" fontSize="xs" color="whiteAlpha.600">
        © {new Date().getFullYear()} {APP_TITLE}
      </Text>
    </Container>
  );
}

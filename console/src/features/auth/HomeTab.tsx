import { Badge, Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Session } from '@toy/shared';
import { ArrowRight, Boxes, QrCode, ShieldCheck, Truck, Zap } from 'lucide-react';
import { BrandShowcase } from './BrandShowcase';
import { ACCOUNT_LOGIN_TEXT, PanelHeading } from './PanelHeading';
import { PasswordLogin } from './PasswordLogin';

const FEATURES = [
  { icon: Boxes, title: '盲盒发售', text: '模板备案、分配盒机、一键上架' },
  { icon: Zap, title: '一番赏', text: '赏品分级，全局赏实时开奖' },
  { icon: Truck, title: '海外发货', text: '运费模板与海外仓统一管理' },
  { icon: ShieldCheck, title: '安全可靠', text: '扫码登录，请求签名防篡改' },
];

/** A line of brand-coloured words that acts as a button. */
const textLink = { justify: 'center', gap: '1.5', color: 'brand.fg', fontSize: 'sm', cursor: 'pointer' } as const;

/** 首页 tab: the pitch with a quick account login, and the brand showcase in three rows. */
export function HomeTab({ onLogin, onShop }: { onLogin: (s: Session) => Promise<unknown>; onShop: () => void }) {
  return (
    <>
      <Container maxW="6xl" pt={{ base: '6', md: '10' }} pb={{ base: '8', md: '12' }}>
        <Flex gap={{ base: '8', md: '12' }} align="center" direction={{ base: 'column', md: 'row' }}>
          <Box flex="1" textAlign={{ base: 'center', md: 'left' }}>
            <Badge colorPalette="pink" variant="solid" rounded="full" px="3" mb="4">
              潮玩 · 盲盒 · 一番赏
            </Badge>
            <Heading size={{ base: '3xl', md: '5xl' }} fontWeight="800" lineHeight="1.2">
              一站式潮玩盲盒
              <br />
              商家平台
            </Heading>
            <Text mt="4" fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.800">
              品牌入驻、盒机发售、订单发货、海外售卖，全部在一个后台完成
            </Text>
            <Button mt="6" size="lg" colorPalette="brand" rounded="full" px="8" onClick={onShop} data-testid="go-shop">
              进入商家后台
              <ArrowRight size={18} />
            </Button>
            <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" mt="8" display={{ base: 'none', md: 'grid' }}>
              {FEATURES.map((f) => (
                <Box
                  key={f.title}
                  p="3"
                  rounded="lg"
                  bg="whiteAlpha.100"
                  borderWidth="1px"
                  borderColor="whiteAlpha.100"
                >
                  <Box color="pink.300" mb="1.5">
                    <f.icon size={18} />
                  </Box>
                  <Text fontWeight="700" fontSize="sm">
                    {f.title}
                  </Text>
                  <Text fontSize="xs" color="whiteAlpha.700" mt="0.5">
                    {f.text}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </Box>
          <Box w={{ base: 'full', md: '360px' }} flexShrink={0} bg="white" color="fg" rounded="2xl" shadow="2xl" p="7">
            <Stack gap="5">
              <PanelHeading title="商家登录" text={ACCOUNT_LOGIN_TEXT} />
              <PasswordLogin onLogin={onLogin} />
              <HStack as="button" {...textLink} onClick={onShop} data-testid="go-qr">
                <QrCode size={15} />
                扫码登录 / 购买会员
              </HStack>
            </Stack>
          </Box>
        </Flex>
      </Container>
      <Box pb="12">
        <Text textAlign="center" mb="4" color="whiteAlpha.700" fontSize="sm" letterSpacing="widest">
          — 入驻品牌 —
        </Text>
        <BrandShowcase />
      </Box>
    </>
  );
}

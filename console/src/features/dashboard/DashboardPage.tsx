import { Avatar, Badge, Box, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type MenuItem, PERMISSION_ROLES } from '@toy/shared';
import { ArrowRight } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { menuIcon } from '../../app/layout/menuIcons';
import { generateRoutes, pageUrls, userRoles } from '../../app/menuRoutes';
import { useUserInfo } from '../../session/authStore';
import { useBrandWord } from '../../session/useBrandWord';

const ROLE_LABELS: Record<string, string> = {
  nft_admin: '数字藏品',
  box_admin: '盲盒管理',
  coupon_admin: '优惠券',
  goods_admin: '商品管理',
  reviewer: '平台审核',
  admin: '管理员',
};

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** 首页: a welcome with the user's name and shortcuts to the pages they may open. */
export default function DashboardPage() {
  const info = useUserInfo();
  const word = useBrandWord();
  if (!info) return null;
  const roles = userRoles(info);
  const shortcuts = generateRoutes((info.menus ?? []) as MenuItem[], roles, pageUrls).filter(
    (r) => !r.hidden && r.path !== '/dashboard',
  );
  const permissions = info.per_ids.filter((id) => id in PERMISSION_ROLES);

  return (
    <Stack gap="5" data-testid="dashboard">
      <Box
        rounded="xl"
        p={{ base: '6', md: '8' }}
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.600"
        gradientVia="brand.500"
        gradientTo="pink.400"
        position="relative"
        overflow="hidden"
      >
        <Box position="absolute" right="-40px" top="-40px" w="220px" h="220px" rounded="full" bg="whiteAlpha.200" />
        <Box position="absolute" right="80px" bottom="-70px" w="160px" h="160px" rounded="full" bg="whiteAlpha.100" />
        <Flex gap="5" align="center" position="relative">
          <Avatar.Root size="2xl" colorPalette="gray" borderWidth="3px" borderColor="whiteAlpha.600">
            <Avatar.Fallback name={info.name} />
            {info.avatar && <Avatar.Image src={info.avatar} />}
          </Avatar.Root>
          <Box>
            <Heading size={{ base: 'xl', md: '2xl' }} data-testid="welcome">
              {greeting(new Date().getHours())}，{info.name}
            </Heading>
            <Text mt="2" color="whiteAlpha.900">
              欢迎使用盲盒商家后台{info.type === 2 ? `（${word}账号）` : `（${word}方账号）`}
            </Text>
            <HStack mt="3" gap="2" flexWrap="wrap">
              {roles.map((r) => (
                <Badge key={r} bg="whiteAlpha.300" color="white" variant="solid">
                  {ROLE_LABELS[r] ?? r}
                </Badge>
              ))}
            </HStack>
          </Box>
        </Flex>
      </Box>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Stat label="账号" value={info.email || info.name} />
        <Stat label="账号类型" value={info.type === 2 ? '店铺' : '品牌方'} />
        <Stat label="已开通权限" value={`${permissions.length} 项`} />
      </SimpleGrid>

      <Box bg="white" rounded="lg" shadow="xs" p="5">
        <Heading size="md" mb="4">
          快捷入口
        </Heading>
        {shortcuts.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            暂无可用的功能入口
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {shortcuts.map((r) => {
              const Icon = menuIcon(r.icon);
              return (
                <RouterLink key={r.path} to={r.path} data-testid={`shortcut-${r.path}`}>
                  <HStack
                    p="4"
                    rounded="lg"
                    borderWidth="1px"
                    borderColor="gray.100"
                    gap="3"
                    transition="all 0.15s"
                    _hover={{ borderColor: 'brand.300', shadow: 'sm', transform: 'translateY(-1px)' }}
                  >
                    <Flex w="10" h="10" rounded="md" bg="brand.50" color="brand.600" align="center" justify="center">
                      <Icon size={20} />
                    </Flex>
                    <Box flex="1" minW="0">
                      <Text fontWeight="600" truncate>
                        {r.title}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {r.trail.slice(0, -1).join(' / ') || '功能'}
                      </Text>
                    </Box>
                    <ArrowRight size={16} color="#a1a1aa" />
                  </HStack>
                </RouterLink>
              );
            })}
          </SimpleGrid>
        )}
      </Box>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text mt="1" fontSize="xl" fontWeight="700" truncate>
        {value}
      </Text>
    </Box>
  );
}

import { Box, Center, Flex, Image, Marquee, Skeleton, Stack, Text } from '@chakra-ui/react';
import { api, LIMITS } from '@toy/shared';
import { useCall } from '../../lib/useCall';

type ShowcaseBrand = { id: number; title: string; pic: string };

/** Splits the showcase into `rows` rows of nearly equal length (60 brands → 3 × 20). */
export function splitRows<T>(items: readonly T[], rows: number): T[][] {
  const per = Math.ceil(items.length / rows) || 0;
  return Array.from({ length: rows }, (_, i) => items.slice(i * per, (i + 1) * per));
}

const PALETTE = ['#6d4aff', '#ff6b9a', '#ffb020', '#22c3a6', '#3b82f6', '#f97316'];

function BrandCard({ brand }: { brand: ShowcaseBrand }) {
  return (
    <Box
      w="136px"
      mx="2"
      bg="white"
      color="gray.800"
      rounded="xl"
      overflow="hidden"
      shadow="md"
      data-testid="showcase-brand"
      transition="transform 0.2s"
      _hover={{ transform: 'translateY(-3px)' }}
    >
      {brand.pic ? (
        <Image
          src={brand.pic}
          alt={brand.title}
          w="full"
          aspectRatio="square"
          objectFit="cover"
          loading="lazy"
          bg="gray.100"
        />
      ) : (
        <Center
          aspectRatio="square"
          bg={PALETTE[brand.id % PALETTE.length]}
          color="white"
          fontSize="3xl"
          fontWeight="800"
        >
          {brand.title.slice(0, 1)}
        </Center>
      )}
      <Text px="3" py="2" fontSize="sm" fontWeight="600" truncate title={brand.title}>
        {brand.title}
      </Text>
    </Box>
  );
}

/** 首页 tab: the first 60 brands (api.brand.showcase) in three scrolling rows. */
export function BrandShowcase() {
  const { data, isLoading, error } = useCall(api.brand.showcase, undefined, { silent: true });
  const brands = (data?.ips ?? []).slice(0, LIMITS.showcaseBrands);
  const rows = splitRows(brands, LIMITS.showcaseRows);

  if (isLoading) {
    return (
      <Stack gap="5" px="6">
        {Array.from({ length: LIMITS.showcaseRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
          <Flex key={i} gap="4" overflow="hidden">
            {Array.from({ length: 8 }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards
              <Skeleton key={j} w="136px" h="172px" rounded="xl" flexShrink={0} />
            ))}
          </Flex>
        ))}
      </Stack>
    );
  }
  if (error || brands.length === 0) {
    return (
      <Center py="12" color="whiteAlpha.800" data-testid="showcase-empty">
        {error ? '品牌加载失败' : '暂无品牌'}
      </Center>
    );
  }
  return (
    <Stack
      gap="4"
      py="2"
      data-testid="showcase"
      data-count={brands.length}
      css={{ maskImage: 'linear-gradient(90deg, transparent, black 6%, black 94%, transparent)' }}
    >
      {rows.map((row, i) => (
        <Marquee.Root
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          key={i}
          autoFill
          pauseOnInteraction
          speed={28 + i * 6}
          reverse={i % 2 === 1}
          data-testid="showcase-row"
        >
          <Marquee.Viewport>
            <Marquee.Content>
              {row.map((b) => (
                <Marquee.Item key={b.id}>
                  <BrandCard brand={b} />
                </Marquee.Item>
              ))}
            </Marquee.Content>
          </Marquee.Viewport>
        </Marquee.Root>
      ))}
    </Stack>
  );
}

import { Box, Stack, Text } from '@chakra-ui/react';
import type { MarketGoodsLine } from '@toy/shared';
import { Thumbnail } from '../../components/columns';

/** The goods of an order: one line each (picture, template title, goods title × quantity). */
export function GoodsCell({ goods }: { goods: MarketGoodsLine[] }) {
  return (
    <Stack gap="2" minW="240px">
      {goods.map((g) => (
        <Box key={g.id} display="flex" gap="2" alignItems="center" data-testid="market-goods-line">
          {/* A click shows the picture large. */}
          <Thumbnail src={g.goods_pic} alt={g.goods_title} size={40} />
          <Box>
            <Text fontSize="xs" color="fg.muted" lineClamp={1}>
              {g.template_title}
            </Text>
            <Text fontSize="sm" lineClamp={1}>
              {g.goods_title}{' '}
              <Text as="span" color="fg.muted">
                ×{g.nums}
              </Text>
            </Text>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

import { Box, Image, Stack, Text } from '@chakra-ui/react';
import type { MarketGoodsLine } from '@toy/shared';
import { useState } from 'react';
import { NoPicture, Thumbnail } from '../../components/columns';
import { DialogShell } from '../../components/DialogShell';

/** A goods picture that opens a large preview when clicked. */
export function PreviewPicture({ src, alt, size = 40 }: { src: string; alt: string; size?: number }) {
  const [open, setOpen] = useState(false);
  if (!src) return <NoPicture size={size} iconSize={size / 2.5} title="无图片" />;
  return (
    <>
      <Box
        as="button"
        cursor="zoom-in"
        onClick={() => setOpen(true)}
        aria-label={`预览 ${alt}`}
        data-testid="market-goods-pic"
      >
        <Thumbnail src={src} alt={alt} size={size} />
      </Box>
      <DialogShell open={open} onOpenChange={setOpen} title={alt} size="md" testId="market-pic-preview">
        <Image src={src} alt={alt} maxH="70vh" mx="auto" objectFit="contain" />
      </DialogShell>
    </>
  );
}

/** The goods of an order: one line each (picture, template title, goods title × quantity). */
export function GoodsCell({ goods }: { goods: MarketGoodsLine[] }) {
  return (
    <Stack gap="2" minW="240px">
      {goods.map((g) => (
        <Box key={g.id} display="flex" gap="2" alignItems="center" data-testid="market-goods-line">
          <PreviewPicture src={g.goods_pic} alt={g.goods_title} />
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

import {
  Badge,
  Box,
  Center,
  type CenterProps,
  HStack,
  Image,
  type ImageProps,
  Text,
  type TextProps,
} from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { Column } from './DataTable';
import { previewUrl } from './upload/fileBase';
import { ZoomButton } from './upload/ImageViewer';

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Money as every page writes it (lists, details, the dashboard): ¥, thousands grouped, two decimals: ¥12,345.60. */
export const yuan = (n: number) => `¥${money.format(n)}`;

/**
 * A square product picture (a 120px preview), rounded and cropped to fill; a placeholder when it
 * cannot load. A click shows it large (`zoom={false}` where the picture sits inside something that
 * is clicked itself, such as a dropdown's option).
 */
export function Thumbnail({
  src,
  alt,
  size = 48,
  bg = 'gray.100',
  zoom = true,
  ...rest
}: { src: string; alt: string; size?: number; zoom?: boolean } & ImageProps) {
  const box = `${size}px`;
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <NoPicture
        size={size}
        title={alt}
        role="img"
        aria-label={`${alt}（图片无法显示）`}
        data-testid="thumbnail-broken"
      />
    );
  }
  const image = (
    <Image
      onError={() => setBroken(src)}
      src={previewUrl(src, 120)}
      alt={alt}
      boxSize={box}
      minW={box}
      flexShrink={0}
      rounded="md"
      objectFit="cover"
      bg={bg}
      {...rest}
    />
  );
  if (!zoom) return image;
  return (
    <ZoomButton
      src={previewUrl(src)}
      name={alt}
      testId="thumbnail-zoom"
      viewerTestId="thumbnail-viewer"
      flexShrink={0}
      rounded="md"
      lineHeight="0"
    >
      {image}
    </ZoomButton>
  );
}

/** The grey square with a crossed-out picture where a picture is missing or cannot load. */
export function NoPicture({
  size,
  iconSize = Math.round(size * 0.45),
  ...rest
}: { size: number; iconSize?: number } & CenterProps) {
  const box = `${size}px`;
  return (
    <Center boxSize={box} minW={box} flexShrink={0} rounded="md" bg="gray.100" color="gray.400" {...rest}>
      <ImageOff size={iconSize} />
    </Center>
  );
}

/**
 * A name in a list at most two lines high: the first paragraph of a PictureTitle's text (its name)
 * is clamped unless it sets its own lineClamp (the selectors weigh nothing, so a lineClamp wins).
 */
const NAME_CLAMP = {
  ':where(&) > :where(p:first-of-type), :where(&) > :where(div) > :where(p:first-of-type)': {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: '2',
    overflow: 'hidden',
  },
};

/** A picture next to what names it (a title, or a title and a line under it); the name takes at most two lines. */
export function PictureTitle({
  src,
  alt,
  size,
  bg,
  children,
}: {
  src: string;
  alt: string;
  size?: number;
  bg?: ImageProps['bg'];
  children: ReactNode;
}) {
  return (
    <HStack gap="3" minW="220px">
      <Thumbnail src={src} alt={alt} size={size} bg={bg} />
      <Box minW="0" maxW="280px" css={NAME_CLAMP} data-testid="picture-title-text">
        {children}
      </Box>
    </HStack>
  );
}

/** The muted ID column. */
export function idColumn<T extends { id: number }>(): Column<T> {
  return { key: 'id', header: 'ID', width: '64px', render: (row) => <Text color="fg.muted">{row.id}</Text> };
}

/** A picture column: one picture, or the first of several with "+N" for the rest. */
export function pictureColumn<T>(
  key: string,
  picture: (row: T) => { src: string | string[]; alt: string },
  header = '图片',
): Column<T> {
  return {
    key,
    header,
    render: (row) => {
      const { src: pics, alt } = picture(row);
      if (!Array.isArray(pics)) return <Thumbnail src={pics} alt={alt} />;
      return (
        <HStack gap="1">
          <Thumbnail src={pics[0] ?? ''} alt={alt} />
          {pics.length > 1 && (
            <Text fontSize="xs" color="fg.muted">
              +{pics.length - 1}
            </Text>
          )}
        </HStack>
      );
    },
  };
}

/** The goods-name column: up to two lines; `dim` fades rows that are no longer in use. */
export function titleColumn<T>(
  title: (row: T) => string,
  options: { header?: string; dim?: (row: T) => boolean } = {},
): Column<T> {
  const { header = '商品名称', dim } = options;
  return {
    key: 'title',
    header,
    render: (row) => (
      <Text fontWeight="500" minW="160px" maxW="240px" lineClamp={2} opacity={dim ? (dim(row) ? 0.55 : 1) : undefined}>
        {title(row)}
      </Text>
    ),
  };
}

/** A money column, right-aligned as ¥0.00; `text` styles it (plain text without). */
export function moneyColumn<T>(
  key: string,
  header: string,
  amount: (row: T) => number,
  text?: TextProps & { testId?: string },
): Column<T> {
  if (!text) return { key, header, align: 'end', render: (row) => yuan(amount(row)) };
  const { testId, ...props } = text;
  return {
    key,
    header,
    align: 'end',
    render: (row) => (
      <Text {...props} data-testid={testId}>
        {yuan(amount(row))}
      </Text>
    ),
  };
}

/** A short label column (国家, 平台): the row's text as a subtle brand tag. */
export function tagColumn<T>(key: string, header: string, text: (row: T) => ReactNode): Column<T> {
  return {
    key,
    header,
    render: (row) => (
      <Badge variant="subtle" colorPalette="brand">
        {text(row)}
      </Badge>
    ),
  };
}

/** A code column (订单号, 店铺ID, 物流单号): monospace, styled by `text`. */
export function codeColumn<T>(
  key: string,
  header: string,
  code: (row: T) => ReactNode,
  text: TextProps & { testId?: string } = {},
): Column<T> {
  const { testId, ...props } = text;
  return {
    key,
    header,
    render: (row) => (
      <Text fontFamily="mono" {...props} data-testid={testId}>
        {code(row)}
      </Text>
    ),
  };
}

/** A date-time column: small, muted, on one line. */
export function timeColumn<T>(key: string, header: string, time: (row: T) => ReactNode): Column<T> {
  return {
    key,
    header,
    render: (row) => (
      <Text color="fg.muted" fontSize="sm" whiteSpace="nowrap">
        {time(row)}
      </Text>
    ),
  };
}

/** The 操作 column at the end of a list. */
export function actionsColumn<T>(
  render: (row: T) => ReactNode,
  options: Pick<Column<T>, 'width' | 'sticky'> = {},
): Column<T> {
  return { key: 'actions', header: '操作', render, ...options };
}

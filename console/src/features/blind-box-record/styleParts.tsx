import { Badge, type BadgeProps, Text, type TextProps } from '@chakra-ui/react';
import { DROP_RATE_FORMAT, REVIEW_STATES, styleTypeText } from '@toy/shared';
import { Thumbnail } from '../../components/columns';
import type { Column } from '../../components/DataTable';

/**
 * What the screens of a blind box's styles share: the record form's style list, the reviewer's
 * card, the release page's allocation and template preview, and the draw machine's goods.
 */
export interface StyleLike {
  goods_pic: string;
  goods_title: string;
  /** 1 basic, 2 small hidden, 3 big hidden. */
  type: number;
  probability?: number | string | null;
  sku_id?: number | null;
  is_overseas?: number;
}

const STYLE_PALETTE: Record<number, string> = { 1: 'gray', 2: 'purple', 3: 'orange' };
const REVIEW_PALETTE: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };

/** The drop rate 1:N of a hidden style, or — for none. */
export const rateText = (probability: StyleLike['probability']) =>
  probability ? DROP_RATE_FORMAT(Number(probability)) : '—';

/** 基础款 / 小隐藏 / 大隐藏, with the drop rate after it when `withRate`. */
export function StyleTypeBadge({ style, withRate, ...badge }: { style: StyleLike; withRate?: boolean } & BadgeProps) {
  const rate = withRate && style.type !== 1 ? ` ${DROP_RATE_FORMAT(Number(style.probability ?? 0))}` : '';
  return (
    <Badge variant="subtle" colorPalette={STYLE_PALETTE[style.type] ?? 'gray'} {...badge}>
      {styleTypeText(style.type)}
      {rate}
    </Badge>
  );
}

/** Whether a goods or style may be sold overseas: 支持 / 不支持. */
export function OverseasBadge({ on }: { on: boolean }) {
  return (
    <Badge variant="subtle" colorPalette={on ? 'green' : 'gray'}>
      {on ? '支持' : '不支持'}
    </Badge>
  );
}

/** A record's review state: 待审核 / 已通过 / 已驳回. */
export function ReviewBadge({ status }: { status: number }) {
  return (
    <Badge colorPalette={REVIEW_PALETTE[status] ?? 'gray'} variant="subtle" data-testid="record-status">
      {REVIEW_STATES.find((s) => s.value === status)?.label ?? '-'}
    </Badge>
  );
}

/** The columns of a table of styles. */
export const styleColumns = {
  picture: <T extends StyleLike>(size = 40): Column<T> => ({
    key: 'pic',
    header: '图片',
    render: (s) => <Thumbnail src={s.goods_pic} alt={s.goods_title} size={size} />,
  }),
  title: <T extends StyleLike>(header = '款式名称'): Column<T> => ({
    key: 'title',
    header,
    render: (s) => <Text fontWeight="500">{s.goods_title}</Text>,
  }),
  type: <T extends StyleLike>(): Column<T> => ({
    key: 'type',
    header: '类型',
    render: (s) => <StyleTypeBadge style={s} />,
  }),
  rate: <T extends StyleLike>(header = '掉率'): Column<T> => ({
    key: 'rate',
    header,
    render: (s) => rateText(s.probability),
  }),
  source: <T extends StyleLike>(): Column<T> => ({
    key: 'sku',
    header: '来源',
    render: (s) => (
      <Text fontSize="sm" color={s.sku_id ? undefined : 'fg.muted'}>
        {s.sku_id ? '商品库' : '手动添加'}
      </Text>
    ),
  }),
  overseas: <T extends { is_overseas?: number }>(): Column<T> => ({
    key: 'overseas',
    header: '海外',
    render: (s) => <OverseasBadge on={s.is_overseas === 1} />,
  }),
  /** A count, right-aligned. */
  count: <T,>(
    key: string,
    header: string,
    value: (row: T) => number,
    { testId, ...text }: TextProps & { testId?: string } = {},
  ): Column<T> => ({
    key,
    header,
    align: 'end',
    render: (row) => (
      <Text {...text} data-testid={testId}>
        {value(row)}
      </Text>
    ),
  }),
};

import { Badge, Box, Button, Flex, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { BlindBoxRecord } from '@toy/shared';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../components/DataTable';
import { Fact } from '../../components/Fact';
import { previewUrl } from '../../components/upload/fileBase';
import { ReviewBadge, styleColumns } from '../blind-box-record/styleParts';

function Picture({ src, label, w = '120px', h = '120px' }: { src: string; label: string; w?: string; h?: string }) {
  return (
    <Stack gap="1" align="center">
      <a href={src} target="_blank" rel="noreferrer">
        <Image src={previewUrl(src, 300)} alt={label} w={w} h={h} objectFit="cover" rounded="md" borderWidth="1px" />
      </a>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

export interface RecordReviewCardProps {
  record: BlindBoxRecord;
  onApprove: () => void;
  onReject: () => void;
}

const FACT_VALUE = { fontSize: 'sm', fontWeight: '500' } as const;

/** The record's own fields, as the merchant entered them. */
const facts = (r: BlindBoxRecord): [string, ReactNode][] => [
  ['官方售价', `¥${r.price.toFixed(2)}`],
  ['单箱多少套盒', `${r.limit_stock} 盒`],
  ['官方发售时间', r.shop_time],
  [
    '背景色',
    <HStack key="color" gap="2">
      <Box w="14px" h="14px" rounded="sm" borderWidth="1px" bg={r.color || 'transparent'} />
      <Text>{r.color || '—'}</Text>
    </HStack>,
  ],
  ['海外售卖', r.is_overseas ? '支持' : '不支持'],
];

const columns: Column<BlindBoxRecord['goods'][number]>[] = [
  styleColumns.picture(),
  styleColumns.title(),
  styleColumns.type(),
  styleColumns.rate(),
  styleColumns.source(),
  styleColumns.overseas(),
];

/** One record as the reviewer sees it: every field, every image and every style. */
export function RecordReviewCard({ record: r, onApprove, onReject }: RecordReviewCardProps) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p={{ base: '4', md: '6' }} data-testid="review-card">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box>
          <HStack gap="2">
            <Heading size="md" data-testid="review-title">
              {r.title}
            </Heading>
            <ReviewBadge status={r.status} />
            {r.is_overseas === 1 && (
              <Badge colorPalette="blue" variant="subtle">
                海外
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {r.ip_title}
            {r.goods_ip_id !== r.ip_id ? `（盲盒品牌：${r.goods_ip_title}）` : ''} · 提交人 {r.submitter || '-'} ·{' '}
            {r.updated_at}
          </Text>
        </Box>
        {r.status === 0 && (
          <HStack>
            <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} data-testid="review-reject">
              <X size={14} />
              驳回
            </Button>
            <Button size="sm" colorPalette="green" onClick={onApprove} data-testid="review-approve">
              <Check size={14} />
              通过
            </Button>
          </HStack>
        )}
      </Flex>
      {r.status === 2 && (
        <Text mt="2" fontSize="sm" color="red.600">
          驳回原因：{r.reason}
        </Text>
      )}

      <SimpleGrid columns={{ base: 2, md: 5 }} gap="4" mt="4" bg="gray.50" rounded="md" p="4">
        {facts(r).map(([label, value]) => (
          <Fact key={label} label={label} value={FACT_VALUE}>
            {value}
          </Fact>
        ))}
      </SimpleGrid>

      <Text fontWeight="600" mt="5" mb="2">
        图片
      </Text>
      <Flex gap="4" wrap="wrap" data-testid="review-images">
        <Picture src={r.pic} label="橱窗主图 600×600" />
        <Picture src={r.main_pic} label="整盒头卡图" w="240px" />
        <Picture src={r.one_box_pic} label="单盒盒卡图 400×400" />
        <Picture src={r.one_pack_pic} label="单盒包装图 800×800" />
        {r.pics.map((p, i) => (
          <Picture key={p} src={p} label={`详情图 ${i + 1}`} w="90px" />
        ))}
      </Flex>

      <Text fontWeight="600" mt="5" mb="2">
        款式（{r.goods.length}）
      </Text>
      <Box data-testid="review-styles">
        <DataTable columns={columns} rows={r.goods} rowKey={(g) => r.goods.indexOf(g)} />
      </Box>
    </Box>
  );
}

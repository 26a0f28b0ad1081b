import { Badge, Box, Button, Flex, Heading, HStack, Image, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { type BlindBoxRecord, DROP_RATE_FORMAT, styleTypeText } from '@toy/shared';
import { Check, X } from 'lucide-react';
import { previewUrl } from '../../components/upload/uploadCore';
import { ReviewBadge } from '../blind-box-record/RecordListPage';

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

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box fontSize="sm" fontWeight="500" mt="0.5">
        {children}
      </Box>
    </Box>
  );
}

export interface RecordReviewCardProps {
  record: BlindBoxRecord;
  onApprove: () => void;
  onReject: () => void;
}

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
        <Fact label="官方售价">¥{r.price.toFixed(2)}</Fact>
        <Fact label="单箱多少套盒">{r.limit_stock} 盒</Fact>
        <Fact label="官方发售时间">{r.shop_time}</Fact>
        <Fact label="背景色">
          <HStack gap="2">
            <Box w="14px" h="14px" rounded="sm" borderWidth="1px" bg={r.color || 'transparent'} />
            <Text>{r.color || '—'}</Text>
          </HStack>
        </Fact>
        <Fact label="海外售卖">{r.is_overseas ? '支持' : '不支持'}</Fact>
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
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="review-styles">
          <Table.Header>
            <Table.Row bg="gray.50">
              {['图片', '款式名称', '类型', '掉率', '来源', '海外'].map((h) => (
                <Table.ColumnHeader key={h} color="fg.muted">
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {r.goods.map((g, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: styles have no id before approval
              <Table.Row key={i}>
                <Table.Cell>
                  <Image
                    src={previewUrl(g.goods_pic, 120)}
                    alt={g.goods_title}
                    boxSize="40px"
                    rounded="md"
                    objectFit="cover"
                  />
                </Table.Cell>
                <Table.Cell>{g.goods_title}</Table.Cell>
                <Table.Cell>
                  <Badge variant="subtle" colorPalette={g.type === 1 ? 'gray' : g.type === 2 ? 'purple' : 'orange'}>
                    {styleTypeText(g.type)}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{g.probability ? DROP_RATE_FORMAT(g.probability) : '—'}</Table.Cell>
                <Table.Cell>{g.sku_id ? `商品 #${g.sku_id}` : '手动添加'}</Table.Cell>
                <Table.Cell>{g.is_overseas ? '支持' : '不支持'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}

import { Badge, Box, Button, HStack, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { messages, TOY_STATUS, toyDecide, toyTypeText } from '@toy/shared';
import { momentRoutes, toyReviewRoutes, toyRoutes } from '@toy/shared/features/toy-routes';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { Thumbnail } from '../../components/columns';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { ReviewState } from '../toy/ToyParts';
import { ReviewQueue } from './ReviewQueue';

type Kind = 'toy' | 'moment';

/** What the card shows of a toy, scene or moment waiting for the reviewer. */
interface Item {
  id: number;
  name: string;
  picture: string;
  label: string;
  ip_title: string;
  short: string;
  status: number;
  remark: string;
  submitter: string;
}

function ItemCard({ item, onApprove, onReject }: { item: Item; onApprove: () => void; onReject: () => void }) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="4" data-testid="toy-review-card">
      <HStack justify="space-between" align="start" gap="4" wrap="wrap">
        <HStack gap="3" align="start">
          <Thumbnail src={item.picture} alt={item.name} size={96} />
          <Stack gap="1">
            <HStack gap="2">
              <Text fontWeight="700" data-testid="toy-review-name">
                {item.name}
              </Text>
              <Badge colorPalette="brand">{item.label}</Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {item.ip_title} · 提交人 {item.submitter || '-'}
            </Text>
            <Text fontSize="sm" maxW="480px">
              {item.short || '（无描述）'}
            </Text>
            <ReviewState status={item.status} remark={item.remark} />
          </Stack>
        </HStack>
        {item.status === TOY_STATUS.pending && (
          <HStack>
            <Button size="sm" colorPalette="green" onClick={onApprove} data-testid="toy-review-approve">
              通过
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} data-testid="toy-review-reject">
              驳回
            </Button>
          </HStack>
        )}
      </HStack>
    </Box>
  );
}

/**
 * 心愿星球 tab of the review page: toys and scenes, or highlight moments; approve, or reject with
 * the remark the merchant reads on its list.
 */
export function ToyReviewTab({ status, initialKind = 'toy' }: { status: number; initialKind?: Kind }) {
  const [kind, setKind] = useState<Kind>(initialKind);
  const [page, setPage] = useState(1);
  const query = { status, name: '', page, limit: 10 };
  const toys = useCall(toyReviewRoutes.toyList, query, { enabled: kind === 'toy' });
  const moments = useCall(toyReviewRoutes.momentList, query, { enabled: kind === 'moment' });
  const { confirm, dialog } = useConfirm();
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const options = (d: { status?: unknown }) =>
    Number(d.status) === 1 ? messages.success.approved : messages.success.rejected;
  const decideToy = useAction(toyReviewRoutes.toyDecide, {
    success: (_, d) => options(d),
    invalidates: [toyReviewRoutes.toyList, toyRoutes.list],
  });
  const decideMoment = useAction(toyReviewRoutes.momentDecide, {
    success: (_, d) => options(d),
    invalidates: [toyReviewRoutes.momentList, momentRoutes.list],
  });
  const decide = kind === 'toy' ? decideToy : decideMoment;
  const form = useSchemaForm(toyDecide, { id: rejecting?.id ?? '', status: 2, remark: '' }, rejecting !== null);

  const items: Item[] | undefined =
    kind === 'toy'
      ? toys.data?.list.map((t) => ({ ...t, picture: t.image_url, label: toyTypeText(t.type) }))
      : moments.data?.list.map((t) => ({ ...t, picture: t.image_url_watermark || t.image_url, label: '精彩时刻' }));
  const total = (kind === 'toy' ? toys.data : moments.data)?.pagination.total_rows ?? 0;
  const loading = kind === 'toy' ? toys.isLoading : moments.isLoading;

  const approve = async (item: Item) => {
    if (await confirm({ message: messages.toy.approveConfirm, confirmText: '通过' }))
      await decide.trigger({ id: item.id, status: 1, remark: '' });
    else notify.info(messages.cancelled.plain);
  };

  return (
    <ReviewQueue
      testId="toy"
      noun="内容"
      status={status}
      items={items}
      loading={loading}
      total={total}
      page={page}
      onPageChange={setPage}
      card={(item) => (
        <ItemCard
          key={`${kind}-${item.id}`}
          item={item}
          onApprove={() => void approve(item)}
          onReject={() => setRejecting(item)}
        />
      )}
      rejecting={rejecting}
      rejectTitle={rejecting?.name ?? ''}
      onRejectClose={() => setRejecting(null)}
      form={form}
      onReject={decide.run}
      reasonField="remark"
      reasonHelper="商家将在列表中看到该原因，并可修改后重新提交"
      header={
        <SegmentGroup.Root
          size="sm"
          value={kind}
          onValueChange={(e) => {
            setKind(e.value as Kind);
            setPage(1);
          }}
          data-testid="toy-review-kind"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'toy', label: '欧气精灵/场景' },
              { value: 'moment', label: '精彩时刻' },
            ]}
          />
        </SegmentGroup.Root>
      }
    >
      {dialog}
    </ReviewQueue>
  );
}

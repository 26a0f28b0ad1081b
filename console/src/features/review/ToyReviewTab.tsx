import { Badge, HStack, SegmentGroup, Text } from '@chakra-ui/react';
import { messages, TOY_STATUS, toyTypeText } from '@toy/shared';
import { momentRoutes, toyReviewRoutes, toyRoutes } from '@toy/shared/features/toy-routes';
import { useState } from 'react';
import { useCall } from '../../lib/useCall';
import { ReviewState } from '../toy/ToyParts';
import { type DecisionActions, ReviewCard } from './ReviewCard';
import { type ReviewList, ReviewQueue, useReviewDecision } from './ReviewQueue';

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

function ItemCard({ item, actions }: { item: Item; actions: DecisionActions }) {
  return (
    <ReviewCard
      testId="toy"
      p="4"
      picture={{ src: item.picture, alt: item.name, size: 96 }}
      info={
        <>
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
        </>
      }
      pending={item.status === TOY_STATUS.pending}
      actions={actions}
    />
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
  const decision = useReviewDecision<Item, typeof toyReviewRoutes.toyDecide | typeof toyReviewRoutes.momentDecide>(
    kind === 'toy' ? toyReviewRoutes.toyDecide : toyReviewRoutes.momentDecide,
    {
      invalidates:
        kind === 'toy' ? [toyReviewRoutes.toyList, toyRoutes.list] : [toyReviewRoutes.momentList, momentRoutes.list],
      confirmMessage: () => messages.toy.approveConfirm,
      reasonField: 'remark',
    },
  );

  const list: ReviewList<Item> = {
    items:
      kind === 'toy'
        ? toys.data?.list.map((t) => ({ ...t, picture: t.image_url, label: toyTypeText(t.type) }))
        : moments.data?.list.map((t) => ({ ...t, picture: t.image_url_watermark || t.image_url, label: '精彩时刻' })),
    total: (kind === 'toy' ? toys.data : moments.data)?.pagination.total_rows ?? 0,
    loading: kind === 'toy' ? toys.isLoading : moments.isLoading,
    page,
    onPageChange: setPage,
  };

  return (
    <ReviewQueue
      testId="toy"
      noun="内容"
      status={status}
      list={list}
      card={(item, actions) => <ItemCard key={`${kind}-${item.id}`} item={item} actions={actions} />}
      decision={decision}
      titleOf={(item) => item.name}
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
    />
  );
}

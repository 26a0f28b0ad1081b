import { Badge, Text } from '@chakra-ui/react';
import {
  messages,
  SUBSCRIPTION_FILTER,
  type Subscription,
  subscriptionActions,
  subscriptionStatusText,
} from '@toy/shared';
import { subscriptionRoutes } from '@toy/shared/features/subscription';
import { Check, X } from 'lucide-react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { FilterChoice } from '../../components/FilterChoice';
import { ListCount, ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useAction } from '../../lib/useAction';
import { useBrandWord } from '../../session/useBrandWord';

const m = messages.subscription;
const PALETTE: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'gray' };

/**
 * 订阅申请 (spec 02 screen 12): brand and status (-1 全部) in the URL, page size 10; 通过 while
 * pending and 驳回 while not rejected, each after a confirmation.
 */
export default function SubscriptionListPage() {
  const word = useBrandWord();
  const page = useBrandListPage(subscriptionRoutes.list);
  const status = (page.params as { status: number }).status;
  const { ask, dialog: confirmDialog } = useConfirm();
  const review = useAction(subscriptionRoutes.review, {
    invalidates: [subscriptionRoutes.list],
    success: (out) => (out.status === 1 ? messages.success.approved : messages.success.rejected),
  });
  const act = (s: Subscription, to: 1 | 2) =>
    ask({ message: to === 1 ? m.approveConfirm : m.rejectConfirm, cancelled: messages.cancelled.plain }, () =>
      review.trigger({ id: s.id, status: to }),
    );

  const columns: Column<Subscription>[] = [
    {
      key: 'email',
      header: '邮箱',
      render: (s) => (
        <Text fontWeight="500" data-testid="subscription-email">
          {s.users.email}
        </Text>
      ),
    },
    { key: 'nickname', header: '用户', render: (s) => <Text color="fg.muted">{s.users.nickname}</Text> },
    { key: 'wechat', header: '微信号', render: (s) => <Text>{s.wechat_id || '-'}</Text> },
    { key: 'ig', header: 'Instagram', render: (s) => <Text>{s.ig_id || '-'}</Text> },
    { key: 'country', header: '国家', render: (s) => <Badge variant="subtle">{s.country_text}</Badge> },
    timeColumn('created_at', '申请时间', (s) => s.created_at),
    {
      key: 'status',
      header: '状态',
      render: (s) => (
        <Badge colorPalette={PALETTE[s.status]} data-testid="subscription-status">
          {subscriptionStatusText(s.status)}
        </Badge>
      ),
    },
    actionsColumn((s) => {
      const allowed = subscriptionActions(s.status);
      return (
        <RowActions>
          {allowed.approve && (
            <RowAction icon={Check} palette="green" onClick={() => void act(s, 1)} testId="subscription-approve">
              通过
            </RowAction>
          )}
          {allowed.reject && (
            <RowAction icon={X} palette="red" onClick={() => void act(s, 2)} testId="subscription-reject">
              驳回
            </RowAction>
          )}
        </RowActions>
      );
    }),
  ];

  return (
    <ListPage
      title="订阅申请"
      description={`玩家提交的${word}订阅申请：待审核的可通过，未驳回的可驳回`}
      testId="subscription-page"
      filters={
        <>
          <FilterBar state={page} testId="subscription" />
          <FilterChoice
            label="状态"
            value={String(status)}
            onChange={(v) => page.setFilters({ status: Number(v) })}
            options={SUBSCRIPTION_FILTER}
            testId="subscription-filter-status"
          />
        </>
      }
    >
      <ListCount total={page.read.data?.pagination.total_rows} unit="条申请" />
      <DataTable columns={columns} {...page.table(page.read.data?.list)} rowTestId="subscription-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      {confirmDialog}
    </ListPage>
  );
}

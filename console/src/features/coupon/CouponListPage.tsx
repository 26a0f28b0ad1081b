import { Badge, Text } from '@chakra-ui/react';
import {
  COUPON_BUSINESS_TYPES,
  COUPON_STATE_FILTER,
  type Coupon,
  couponActions,
  couponBusinessText,
  couponFace,
  couponTimeStateText,
  messages,
  receiveConditionText,
} from '@toy/shared';
import { couponRoutes } from '@toy/shared/features/coupon';
import { Copy, FolderInput } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { FilterChoice } from '../../components/FilterChoice';
import { FilterDateRange } from '../../components/FilterInput';
import { textFilter } from '../../components/filters';
import { AddButton, ListCount, ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useAction } from '../../lib/useAction';
import { useAlbumAssignment } from '../album/SetAlbumDialog';

const ALL = { value: '', label: '全部' };
/** 进行中 green, 未生效 blue, 已过期 grey: the state filter's words on each row. */
const TIME_STATE_PALETTE: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'gray' };
const couponForm = (query: Record<string, string | number>) =>
  `/blindBox/couponAdd${Object.keys(query).length ? `?${new URLSearchParams(query as Record<string, string>)}` : ''}`;

/** 优惠券管理 (spec 02 screen 11): filters in the URL, counts of claims and uses, edit/delete until claimed, copy. */
export default function CouponListPage() {
  const page = useBrandListPage(couponRoutes.list);
  const params = page.params as { state?: number; business_type?: number; start_time?: string; end_time?: string };
  const navigate = useNavigate();
  const { ask, dialog: confirmDialog } = useConfirm();
  const remove = useAction(couponRoutes.delete, {
    success: messages.success.deletedPlain,
    invalidates: [couponRoutes.list],
  });
  const album = useAlbumAssignment('coupon', page.ipId);

  const columns: Column<Coupon>[] = [
    idColumn(),
    { key: 'title', header: '名称', render: (c) => <Text fontWeight="500">{c.title}</Text> },
    {
      key: 'face',
      header: '优惠',
      render: (c) => (
        <Badge colorPalette="orange" data-testid="coupon-face">
          {couponFace(c)}
        </Badge>
      ),
    },
    { key: 'business', header: '适用业务', render: (c) => <Text>{couponBusinessText(c.business_type)}</Text> },
    { key: 'condition', header: '领取条件', render: (c) => <Text>{receiveConditionText(c.receive_condition)}</Text> },
    {
      key: 'period',
      header: '有效期',
      render: (c) => (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {c.start_time}
          <br />
          {c.end_time}
        </Text>
      ),
    },
    {
      key: 'counts',
      header: '领取 / 使用 / 发放',
      align: 'end',
      render: (c) => (
        <Text data-testid="coupon-counts" whiteSpace="nowrap">
          {c.issue_num} / {c.used_num} / {c.total_num}
        </Text>
      ),
    },
    {
      key: 'state',
      header: '状态',
      render: (c) => (
        <Badge colorPalette={TIME_STATE_PALETTE[c.time_state] ?? 'gray'} data-testid="coupon-state">
          {couponTimeStateText(c.time_state)}
        </Badge>
      ),
    },
    album.column<Coupon>(),
    actionsColumn(
      (c) => {
        const allowed = couponActions(c);
        return (
          <RowActions>
            {allowed.edit && (
              <EditAction onClick={() => navigate(couponForm({ id: c.id, copy: 0 }))} testId="coupon-edit" />
            )}
            <RowAction icon={Copy} onClick={() => navigate(couponForm({ id: c.id, copy: 1 }))} testId="coupon-copy">
              复制
            </RowAction>
            <RowAction icon={FolderInput} onClick={() => album.open([c.id])} testId="coupon-set-album">
              设置合辑
            </RowAction>
            {allowed.remove && (
              <DeleteAction
                onClick={() =>
                  void ask({ message: messages.coupon.deleteConfirm, cancelled: messages.cancelled.delete }, () =>
                    remove.trigger({ id: c.id }),
                  )
                }
                testId="coupon-delete"
              />
            )}
          </RowActions>
        );
      },
      { sticky: 'end' },
    ),
  ];

  return (
    <ListPage
      title="优惠券管理"
      description="玩家领取后在抽盒与购买时抵扣，优惠由商家承担"
      testId="coupon-page"
      actions={<AddButton label="新建优惠券" onClick={() => navigate(couponForm({}))} testId="coupon-add" />}
      filters={
        <>
          <FilterChoice
            label="状态"
            value={String(params.state ?? '')}
            onChange={(v) => page.setFilters({ state: v === '' ? undefined : Number(v) })}
            options={[ALL, ...COUPON_STATE_FILTER]}
            testId="coupon-filter-state"
          />
          <FilterChoice
            label="适用业务"
            value={String(params.business_type ?? '')}
            onChange={(v) => page.setFilters({ business_type: v === '' ? undefined : Number(v) })}
            options={[ALL, ...COUPON_BUSINESS_TYPES]}
            testId="coupon-filter-business"
          />
          <FilterDateRange
            label="时间范围"
            from={params.start_time ?? ''}
            to={params.end_time ?? ''}
            onChange={(r) => page.setFilters({ start_time: r.from || undefined, end_time: r.to || undefined })}
            testId="coupon-filter-time"
          />
          <FilterBar state={page} testId="coupon" filters={[textFilter('title', '优惠券名称')]} />
        </>
      }
    >
      <ListCount total={page.read.data?.page.total_rows} unit="张优惠券" />
      <DataTable columns={columns} {...page.table(page.read.data?.list)} rowTestId="coupon-row" />
      <ListPagination {...page.pagination(page.read.data?.page.total_rows)} />
      {album.dialog}
      {confirmDialog}
    </ListPage>
  );
}

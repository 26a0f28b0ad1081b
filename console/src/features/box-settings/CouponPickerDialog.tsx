import { Badge, Button, Text } from '@chakra-ui/react';
import { type CouponBrief, couponText } from '@toy/shared';
import { couponAssociationRoutes } from '@toy/shared/features/box-settings';
import { type Column, DataTable } from '../../components/DataTable';
import { DialogShell } from '../../components/DialogShell';
import { ListPagination } from '../../components/ListPagination';
import { useDialogList } from '../../components/useDialogList';

export interface CouponPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ipId: number;
  onPick: (coupon: CouponBrief) => void;
}

/** 关联优惠券: the brand's live coupons (coupon.associationList: ip_id, page, limit). */
export function CouponPickerDialog({ open, onOpenChange, ipId, onPick }: CouponPickerDialogProps) {
  const { read, pagination } = useDialogList(couponAssociationRoutes.associationList, { ip_id: ipId }, open);
  const { data, error, isLoading, mutate } = read;
  const pick = (coupon: CouponBrief) => {
    onPick(coupon);
    onOpenChange(false);
  };

  const columns: Column<CouponBrief>[] = [
    { key: 'title', header: '优惠券', render: (c) => <Text fontWeight="500">{c.title}</Text> },
    {
      key: 'value',
      header: '面额',
      render: (c) => (
        <Badge colorPalette="red" variant="subtle">
          {couponText(c)}
        </Badge>
      ),
    },
    {
      key: 'time',
      header: '有效期',
      render: (c) => (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {c.start_time.slice(0, 10)} 至 {c.end_time.slice(0, 10)}
        </Text>
      ),
    },
    { key: 'num', header: '已领/总量', render: (c) => `${c.issue_num}/${c.total_num}` },
    {
      key: 'pick',
      header: '操作',
      render: (c) => (
        <Button size="xs" colorPalette="brand" variant="subtle" onClick={() => pick(c)} data-testid="coupon-pick">
          选择
        </Button>
      ),
    },
  ];

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title="选择优惠券" size="lg" testId="coupon-picker">
      <DataTable
        columns={columns}
        rows={data?.list}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        rowTestId="coupon-row"
        emptyText="暂无可关联的优惠券"
      />
      <ListPagination {...pagination(data?.pagination.total_rows ?? 0)} />
    </DialogShell>
  );
}

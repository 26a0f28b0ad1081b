import { Box, Flex, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { DASHBOARD_REFRESH_SECONDS, PER_ID, type PermissionId } from '@toy/shared';
import { brandRoutes } from '@toy/shared/features/brand';
import { dashboardRoutes } from '@toy/shared/features/dashboard';
import { useCallback, useEffect } from 'react';
import { z } from 'zod';
import { BrandFilter } from '../../components/BrandSelect';
import { filter } from '../../components/listParams';
import { PageTitle } from '../../components/PageTitle';
import { useListParams } from '../../components/useListParams';
import { useCall } from '../../lib/useCall';
import { useUserInfo } from '../../session/authStore';
import { userRoles } from '../../session/roles';
import { CouponView } from './CouponView';
import { MerchantView } from './MerchantView';
import { ReviewView } from './ReviewView';
import { markReviewsSeen } from './reviewNews';

type View = 'merchant' | 'coupon' | 'review';

const VIEWS: { view: View; label: string; roles: string[]; perId?: PermissionId }[] = [
  { view: 'merchant', label: '经营概览', roles: ['box_admin'], perId: PER_ID.box },
  { view: 'coupon', label: '优惠券', roles: ['coupon_admin'], perId: PER_ID.coupon },
  { view: 'review', label: '审核队列', roles: ['reviewer'] },
];

/** The dashboard's URL state: the role view (when the account has more than one) and the brand. */
const dashboardState = z.object({
  view: filter.oneOf(['merchant', 'coupon', 'review']),
  ip_id: filter.id(),
});

/** The views an account's roles open, in menu order (admin sees them all). */
export function viewsFor(roles: readonly string[]) {
  return VIEWS.filter((v) => roles.includes('admin') || v.roles.some((r) => roles.includes(r)));
}

const refresh = { refreshInterval: DASHBOARD_REFRESH_SECONDS * 1000, keepPreviousData: false };

/**
 * 首页: the live dashboard of each role (issue 18), refreshed every 30 s. A refresh keeps the
 * figures on screen until the new ones arrive; only a new brand or view shows the skeletons.
 */
export default function DashboardPage() {
  const info = useUserInfo();
  const views = viewsFor(userRoles(info));
  const { params, setFilters } = useListParams(dashboardState);
  const current = views.find((v) => v.view === params.view) ?? views[0];
  const view = current?.view;
  const perId = current?.perId;

  const brands = useCall(brandRoutes.mine, { per_id: perId }, { enabled: perId !== undefined });
  // Until the brand select has put the first brand in the URL there is nothing to ask.
  const brandReady = perId === undefined || params.ip_id !== undefined || brands.data?.ips.length === 0;
  const query = { ip_id: params.ip_id };
  const merchant = useCall(dashboardRoutes.get, query, { ...refresh, enabled: view === 'merchant' && brandReady });
  const coupon = useCall(dashboardRoutes.coupon, query, { ...refresh, enabled: view === 'coupon' && brandReady });
  const review = useCall(dashboardRoutes.review, undefined, { ...refresh, enabled: view === 'review' });
  const read = view === 'merchant' ? merchant : view === 'coupon' ? coupon : review;
  // The merchant view lists the review's decisions: they are seen (the menu badge goes).
  const seenAt = view === 'merchant' ? merchant.data?.updated_at : undefined;
  useEffect(() => {
    if (info && seenAt) markReviewsSeen(info.id, seenAt);
  }, [info, seenAt]);

  const onBrand = useCallback(
    (ip_id: number | undefined, meta: { auto: boolean }) => setFilters({ ip_id }, { replace: meta.auto }),
    [setFilters],
  );
  if (!info) return null;

  return (
    <Stack gap="4" data-testid="dashboard" data-view={view}>
      <Flex align={{ base: 'flex-start', md: 'flex-end' }} justify="space-between" gap="3" wrap="wrap">
        <PageTitle
          title={current ? `${current.label}` : '首页'}
          description={
            <>
              <Text as="span" data-testid="welcome">
                {info.name}
              </Text>
              {read.data && (
                <Text as="span" data-testid="dash-updated">
                  {' '}
                  · 数据更新于 {read.data.updated_at}，每 {DASHBOARD_REFRESH_SECONDS} 秒刷新
                </Text>
              )}
            </>
          }
          bold
        />
        <Flex gap="3" align="flex-end" wrap="wrap">
          {views.length > 1 && (
            <SegmentGroup.Root
              size="sm"
              value={view}
              onValueChange={(e) => setFilters({ view: e.value as View, ip_id: undefined })}
              data-testid="dash-view"
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items items={views.map((v) => ({ value: v.view, label: v.label }))} />
            </SegmentGroup.Root>
          )}
          {perId !== undefined && (
            <BrandFilter perId={perId} value={params.ip_id} onChange={onBrand} testId="dash-brand" />
          )}
        </Flex>
      </Flex>
      {read.error && !read.data && (
        <Box bg="red.50" color="red.700" rounded="lg" px="5" py="3" fontSize="sm" data-testid="dash-error">
          {read.error.message}
        </Box>
      )}
      {view === 'merchant' && <MerchantView data={merchant.data} />}
      {view === 'coupon' && <CouponView data={coupon.data} />}
      {view === 'review' && <ReviewView data={review.data} />}
      {!view && (
        <Box bg="white" rounded="lg" shadow="xs" p="10" textAlign="center" color="fg.muted" data-testid="dash-none">
          暂无可查看的数据看板
        </Box>
      )}
    </Stack>
  );
}

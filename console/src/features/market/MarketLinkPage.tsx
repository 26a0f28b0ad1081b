import { Badge, Code, HStack, Link } from '@chakra-ui/react';
import { type MarketLink, messages } from '@toy/shared';
import { marketLinkRoutes } from '@toy/shared/features/market-links';
import { KeyRound, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, codeColumn, tagColumn, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { BrandListPage, ListCount, type ListSpec } from '../../components/ListPage';
import { RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const MarketLinkDialog = lazyPart(() => import('./MarketLinkDialog').then((m) => m.MarketLinkDialog));
const MarketSecretDialog = lazyPart(() => import('./MarketLinkDialog').then((m) => m.MarketSecretDialog));

type Shown = { link: MarketLink; secret: string };

const LIST: ListSpec = {
  name: 'market-link',
  title: '平台店铺绑定',
  description: '第三方平台的店铺与品牌绑定：店铺只能用本绑定的密钥推送该品牌的订单',
  add: '绑定店铺',
};

/**
 * 平台店铺绑定 (beside 第三方平台发货): the marketplace shops linked to the merchant's brands. A
 * shop pushes orders only for its linked brand, signed with the link's secret, which is shown once
 * when the link is made or its secret rotated (marketLink.* in shared/src/features/market-links.ts).
 */
export default function MarketLinkPage() {
  const page = useBrandListPage(marketLinkRoutes.list);
  const list = page.read.data?.list;
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const rotate = useAction(marketLinkRoutes.rotate, {
    success: messages.marketLink.rotated,
    invalidates: [marketLinkRoutes.list],
  });
  const remove = useAction(marketLinkRoutes.remove, {
    success: messages.marketLink.removed,
    invalidates: [marketLinkRoutes.list],
  });

  const columns: Column<MarketLink>[] = [
    tagColumn('platform', '平台', (l) => l.platform_text),
    codeColumn('shop_id', '店铺ID', (l) => l.shop_id, { fontSize: 'sm', testId: 'market-link-shop-id' }),
    {
      key: 'secret_hint',
      header: '密钥',
      render: (l) => (
        <HStack gap="2">
          <Code fontSize="sm" data-testid="market-link-hint">
            ••••{l.secret_hint}
          </Code>
          {l.is_demo === 1 && (
            <Badge colorPalette="orange" variant="subtle" data-testid="market-link-demo">
              演示密钥
            </Badge>
          )}
        </HStack>
      ),
    },
    timeColumn('rotated_at', '密钥更新时间', (l) => l.rotated_at),
    actionsColumn(
      (l) => (
        <RowActions>
          <RowAction
            icon={KeyRound}
            testId="market-link-rotate"
            onClick={() =>
              void ask(
                {
                  message: `更换后旧密钥立即失效，${l.platform_text} 店铺 ${l.shop_id} 须改用新密钥，确定更换吗？`,
                  cancelled: messages.cancelled.plain,
                },
                async () => setShown(await rotate.run({ id: l.id })),
              )
            }
          >
            更换密钥
          </RowAction>
          <RowAction
            icon={Unlink}
            testId="market-link-remove"
            onClick={() =>
              void ask(
                {
                  message: `解除后该店铺的推送将被拒绝，确定解除 ${l.shop_id} 吗？`,
                  cancelled: messages.cancelled.plain,
                  danger: true,
                },
                () => remove.run({ id: l.id }),
              )
            }
          >
            解除绑定
          </RowAction>
        </RowActions>
      ),
      { sticky: 'end', width: '200px' },
    ),
  ];

  return (
    <BrandListPage
      spec={LIST}
      state={page}
      onAdd={() => setAdding(true)}
      tools={
        <Link asChild fontSize="sm" colorPalette="brand" whiteSpace="nowrap">
          <RouterLink to="/order/sendListMarket">第三方平台发货</RouterLink>
        </Link>
      }
    >
      <ListCount total={list?.length} unit="个店铺" />
      <DataTable columns={columns} {...page.table(list)} rowTestId="market-link-row" />
      <MarketLinkDialog open={adding} onOpenChange={setAdding} defaultBrandId={page.ipId} onSecret={setShown} />
      <MarketSecretDialog shown={shown} onClose={() => setShown(null)} />
      {confirmDialog}
    </BrandListPage>
  );
}

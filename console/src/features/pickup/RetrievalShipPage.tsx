import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { messages, shipPageForm } from '@toy/shared';
import { pickupRoutes, retrievalRoutes } from '@toy/shared/features/pickup';
import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { LoadingLines } from '../../components/DataTable';
import { TextField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSubmit } from '../../components/form/useSubmit';
import { LinesTable, lineCount, linePicture, PickBox } from '../../components/LinesTable';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { DeliveryBadge, fullAddress, Panel } from './parts';

const EMPTY = { express_company: '', express: '' };

/**
 * The ship page of a retrieval order (order ship page, type 1): the receiver with 复制, the goods
 * (picture, title, quantity) with the unshipped ones selectable, courier and tracking number
 * (请输入快递公司 / 请输入快递单号). 部分发货 ships the selected goods (order.shipMore), 全部发货
 * the rest (order.shipGood); on 发货成功 the page goes back one step.
 */
export default function RetrievalShipPage({ id }: { id: string }) {
  const read = useCall(retrievalRoutes.backInfo, { id });
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[]>([]);
  const [mode, setMode] = useState<'more' | 'all'>('all');
  // The button pressed, read by the submit of the same click (state would be a render late).
  const pressed = useRef<'more' | 'all'>('all');
  const form = useSchemaForm(shipPageForm, EMPTY);
  const invalidates = [retrievalRoutes.backInfo, pickupRoutes.list];
  const shipMore = useAction(retrievalRoutes.shipMore, { success: messages.pickup.shipped, invalidates });
  const shipGood = useAction(retrievalRoutes.shipGood, { success: messages.pickup.shipped, invalidates });
  const info = read.data?.info;
  const { submit, submitting } = useSubmit(
    form,
    async (data) => {
      if (!info) return;
      if (pressed.current === 'more') {
        if (selected.length === 0) {
          notify.invalid(messages.pickup.childrenRequired);
          throw new Error(messages.pickup.childrenRequired);
        }
        await shipMore.run({ order_sn: info.order_sn, child_ids: selected, ...data });
      } else await shipGood.run({ order_sn: info.order_sn, ...data });
    },
    () => navigate(-1),
  );
  if (!info) return <LoadingLines lines={6} />;
  const open = info.goods.filter((g) => g.state === 0).map((g) => g.id);
  const toggle = (gid: number, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, gid])] : s.filter((x) => x !== gid)));
  const copy = async () => {
    if (await copyText(fullAddress(info))) notify.success(messages.success.copied);
    else notify.error(messages.success.copyFailed);
  };

  return (
    <Stack gap="4" maxW="900px" data-testid="retrieval-ship">
      <HStack gap="3">
        <Heading as="h1" size="lg">
          发货
        </Heading>
        <Text fontFamily="mono" color="fg.muted">
          {info.order_sn}
        </Text>
        <DeliveryBadge status={info.delivery_status} />
      </HStack>
      <Panel title="收货信息">
        <HStack justify="space-between">
          <Text data-testid="ship-receiver">{fullAddress(info)}</Text>
          <Button size="xs" variant="outline" onClick={() => void copy()} data-testid="ship-copy">
            <Copy size={14} />
            复制
          </Button>
        </HStack>
      </Panel>
      <Panel title="商品">
        <LinesTable
          columns={[
            {
              w: '40px',
              cell: (g) => (
                <PickBox
                  size="sm"
                  disabled={!open.includes(g.id)}
                  checked={selected.includes(g.id)}
                  onChange={(on) => toggle(g.id, on)}
                  testId="ship-goods-check"
                />
              ),
            },
            linePicture(44),
            {
              header: '商品',
              cell: (g) => (
                <>
                  <Text>{g.goods_title}</Text>
                  {!open.includes(g.id) && (
                    <Text fontSize="xs" color="fg.muted">
                      已发货
                    </Text>
                  )}
                </>
              ),
            },
            lineCount(),
          ]}
          lines={info.goods}
          lineTestId="ship-goods"
        />
      </Panel>
      <Panel>
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate>
            <Stack gap="4">
              <HStack gap="4" align="start">
                <TextField name="express_company" label="快递公司" required maxLength={50} testId="ship-page-company" />
                <TextField name="express" label="快递单号" required maxLength={50} testId="ship-page-number" />
              </HStack>
              <HStack gap="2">
                <Button variant="outline" onClick={() => navigate(-1)}>
                  返回
                </Button>
                <Button
                  type="submit"
                  variant="outline"
                  colorPalette="brand"
                  loading={submitting && mode === 'more'}
                  onClick={() => {
                    pressed.current = 'more';
                    setMode('more');
                  }}
                  data-testid="ship-more"
                >
                  部分发货（{selected.length}）
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={submitting && mode === 'all'}
                  onClick={() => {
                    pressed.current = 'all';
                    setMode('all');
                  }}
                  data-testid="ship-all"
                >
                  全部发货
                </Button>
              </HStack>
            </Stack>
          </form>
        </FormProvider>
      </Panel>
    </Stack>
  );
}

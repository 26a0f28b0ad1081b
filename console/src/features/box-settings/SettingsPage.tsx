import { Alert, Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  AWARD,
  AWARD_TYPES,
  type BoxMachineSettings,
  couponText,
  DEPOSIT_DAY_OPTIONS,
  messages,
  PER_ID,
} from '@toy/shared';
import { boxMachineRoutes, cabinetRoutes } from '@toy/shared/features/box-settings';
import { Archive, Gamepad2, Settings2 } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BrandFilter } from '../../components/BrandSelect';
import { LoadingLines } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { ToolButton } from '../../components/ToolButton';
import { lazyPart } from '../../lib/lazyPart';
import { useCall } from '../../lib/useCall';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const CabinetDialog = lazyPart(() => import('./CabinetDialog').then((m) => m.CabinetDialog));
const BoxMachineDialog = lazyPart(() => import('./BoxMachineDialog').then((m) => m.BoxMachineDialog));

/** The saved settings, a label and its value a line. */
function Rows({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box fontSize="sm">
      {rows.map(([label, value]) => (
        <Flex key={label} justify="space-between" py="2.5" borderBottomWidth="1px" borderColor="gray.100" gap="4">
          <Text color="fg.muted">{label}</Text>
          <Box fontWeight="500" textAlign="right">
            {value}
          </Box>
        </Flex>
      ))}
    </Box>
  );
}

function SettingCard(props: {
  icon: ReactNode;
  title: string;
  description: string;
  set: boolean;
  loading: boolean;
  onEdit: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="6" data-testid={props.testId}>
      <Flex justify="space-between" align="flex-start" mb="4" gap="3">
        <HStack gap="3" align="flex-start">
          <Flex boxSize="40px" rounded="lg" bg="brand.50" color="brand.600" align="center" justify="center">
            {props.icon}
          </Flex>
          <Box>
            <HStack gap="2">
              <Heading size="md">{props.title}</Heading>
              {!props.loading && (
                <Badge colorPalette={props.set ? 'green' : 'gray'} variant="subtle">
                  {props.set ? '已设置' : '未设置'}
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {props.description}
            </Text>
          </Box>
        </HStack>
        <ToolButton
          icon={Settings2}
          colorPalette="brand"
          variant={props.set ? 'outline' : 'solid'}
          onClick={props.onEdit}
          testId={`${props.testId}-edit`}
        >
          {props.set ? '修改' : '去设置'}
        </ToolButton>
      </Flex>
      {props.loading ? <LoadingLines lines={3} /> : props.children}
    </Box>
  );
}

const awardText = (type: number, content: number, coupon: BoxMachineSettings['suc_coupon']) => {
  if (type === AWARD.points) return `${content} 积分`;
  if (type === AWARD.coupon) return coupon ? `${coupon.title}（${couponText(coupon)}）` : '优惠券（已失效）';
  return AWARD_TYPES.find((a) => a.value === type)?.label ?? '-';
};

/** 寄存与盒机设置 (/blindBox/admin?ipId=): the brand's deposit cabinet and box-machine settings. */
export default function SettingsPage() {
  const [search, setSearch] = useSearchParams();
  const ipId = Number(search.get('ipId')) || undefined;
  const cabinet = useCall(cabinetRoutes.get, { ip_id: ipId ?? 0 }, { enabled: ipId !== undefined });
  const machine = useCall(boxMachineRoutes.get, { ip_id: ipId ?? 0 }, { enabled: ipId !== undefined });
  const [dialog, setDialog] = useState<'cabinet' | 'machine' | null>(null);
  const onBrand = useCallback(
    (id: number | undefined, meta: { auto: boolean }) =>
      setSearch(id ? { ipId: String(id) } : {}, { replace: meta.auto }),
    [setSearch],
  );
  const c = cabinet.data;
  const b = machine.data;

  return (
    <Stack gap="4" data-testid="settings-page">
      <PageTitle title="寄存与盒机设置" description="设置用户寄存盒柜的规则与抽盒机猜盒玩法" />
      <Flex bg="white" rounded="lg" shadow="xs" px="5" py="4">
        <BrandFilter perId={PER_ID.box} value={ipId} onChange={onBrand} testId="settings-brand" />
      </Flex>
      {ipId !== undefined && c === null && (
        <Alert.Root status="warning" data-testid="settings-freight-alert">
          <Alert.Indicator />
          <Alert.Title flex="1">{messages.brand.freightUnset}</Alert.Title>
          <Button size="xs" colorPalette="orange" variant="outline" onClick={() => setDialog('cabinet')}>
            {messages.blindBox.goSet}
          </Button>
        </Alert.Root>
      )}
      {ipId !== undefined && (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <SettingCard
            icon={<Archive size={20} />}
            title="寄存盒柜"
            description="用户抽中的商品可寄存在盒柜，按规则取回发货"
            set={Boolean(c)}
            loading={cabinet.isLoading}
            onEdit={() => setDialog('cabinet')}
            testId="cabinet-card"
          >
            {c ? (
              <Rows
                rows={[
                  [
                    '用户可寄存天数',
                    DEPOSIT_DAY_OPTIONS.find((d) => d.value === c.free_days)?.label ?? `${c.free_days}天`,
                  ],
                  ['取回包邮数量', `${c.free_num} 件`],
                  ['取回运费', `¥${c.unit_price.toFixed(2)}`],
                ]}
              />
            ) : (
              <Text fontSize="sm" color="fg.muted" py="6" textAlign="center">
                尚未设置寄存规则，设置后方可发布盒机
              </Text>
            )}
          </SettingCard>
          <SettingCard
            icon={<Gamepad2 size={20} />}
            title="盒机设置"
            description="提示卡、透视卡与猜对/猜错奖励"
            set={Boolean(b)}
            loading={machine.isLoading}
            onEdit={() => setDialog('machine')}
            testId="machine-card"
          >
            {b ? (
              <Rows
                rows={[
                  ['提示卡', b.prompt_card ? `开启 · ${b.excharge_propmt} 积分兑换` : '关闭'],
                  ['透视卡', b.pers_card ? `开启 · ${b.excharge_pers} 积分兑换` : '关闭'],
                  ['猜对奖励', awardText(b.suc_award_type, b.suc_award_content, b.suc_coupon)],
                  ['猜错奖励', awardText(b.err_award_type, b.err_award_content, b.err_coupon)],
                ]}
              />
            ) : (
              <Text fontSize="sm" color="fg.muted" py="6" textAlign="center">
                尚未设置盒机玩法
              </Text>
            )}
          </SettingCard>
        </SimpleGrid>
      )}
      {ipId !== undefined && (
        <>
          <CabinetDialog
            open={dialog === 'cabinet'}
            onOpenChange={(o) => !o && setDialog(null)}
            ipId={ipId}
            current={c ?? null}
          />
          <BoxMachineDialog
            open={dialog === 'machine'}
            onOpenChange={(o) => !o && setDialog(null)}
            ipId={ipId}
            current={b ?? null}
          />
        </>
      )}
    </Stack>
  );
}

import { HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { type ComposeGroupItem, type ComposeRule, composeSetStock, messages } from '@toy/shared';
import { composeRuleRoutes } from '@toy/shared/features/compose-rule';
import { useState } from 'react';
import { Thumbnail } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { DialogShell } from '../../components/DialogShell';
import { FormDialog } from '../../components/form/FormDialog';
import { DateTimeField, DigitsField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ListPagination } from '../../components/ListPagination';
import { useDialogList } from '../../components/useDialogList';
import { useAction } from '../../lib/useAction';

const m = messages.composeRule;

/** The consumption formula of a rule: "组A×2 + 组B×1 = 目标". */
export const formulaOf = (r: ComposeRule) =>
  `${r.group_data.map((g) => `${g.group_name}×${g.expend_num}`).join(' + ')} = ${r.virtual_info.title}`;

/** One group's collectibles (compose.groupItems), ten a page. */
function GroupItems({ rule, groupId }: { rule: ComposeRule; groupId: number }) {
  const { read, pagination } = useDialogList(
    composeRuleRoutes.groupItems,
    { compose_id: rule.id, group_id: groupId },
    true,
  );
  const columns: Column<ComposeGroupItem>[] = [
    { key: 'pic', header: '图片', render: (v) => <Thumbnail src={v.pic} alt={v.title} /> },
    { key: 'title', header: '名称', render: (v) => <Text fontWeight="500">{v.title}</Text> },
    { key: 'stock', header: '总量', render: (v) => v.stock },
    { key: 'close', header: '剩余', render: (v) => <Text data-testid="group-item-left">{v.close_num}</Text> },
  ];
  return (
    <Stack gap="2">
      <DataTable
        columns={columns}
        rows={read.data?.lists}
        loading={read.isLoading}
        error={read.error}
        onRetry={() => void read.mutate()}
        rowTestId="group-item-row"
      />
      <ListPagination {...pagination(read.data?.pagination.total_rows ?? 0)} />
    </Stack>
  );
}

/** 查看规则: the consumption formula, then a tab per group listing its collectibles. */
export function ComposeRulesDialog({ rule, onClose }: { rule: ComposeRule | null; onClose: () => void }) {
  const [tab, setTab] = useState<string | null>(null);
  const first = rule?.group_data[0]?.group_id;
  const value = tab ?? (first === undefined ? '' : String(first));
  return (
    <DialogShell
      open={rule !== null}
      onOpenChange={(o) => {
        if (!o) {
          setTab(null);
          onClose();
        }
      }}
      title="查看规则"
      size="lg"
      testId="compose-rules-dialog"
    >
      {rule && (
        <Stack gap="4">
          <Text fontWeight="600" bg="gray.50" rounded="md" px="3" py="2" data-testid="compose-formula">
            {formulaOf(rule)}
          </Text>
          <Tabs.Root value={value} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount unmountOnExit>
            <Tabs.List>
              {rule.group_data.map((g) => (
                <Tabs.Trigger key={g.group_id} value={String(g.group_id)} data-testid="compose-group-tab">
                  {g.group_name}（{g.virtual_total}）
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {rule.group_data.map((g) => (
              <Tabs.Content key={g.group_id} value={String(g.group_id)}>
                <GroupItems rule={rule} groupId={g.group_id} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Stack>
      )}
    </DialogShell>
  );
}

/** 查看合辑: the album a rule composes, with its collectibles' counts and stock. */
export function AlbumInfoDialog({ rule, onClose }: { rule: ComposeRule | null; onClose: () => void }) {
  const v = rule?.virtual_info;
  return (
    <DialogShell
      open={rule !== null}
      onOpenChange={(o) => !o && onClose()}
      title="查看合辑"
      testId="compose-album-dialog"
    >
      {v && (
        <HStack gap="4" align="flex-start">
          <Thumbnail src={v.pic} alt={v.title} size={96} />
          <Stack gap="1" fontSize="sm">
            <Text fontWeight="600" fontSize="md">
              {v.title}
            </Text>
            <Text>
              藏品数量：{v.stock_num}（有剩余 {v.surplus_stock_num}）
            </Text>
            <Text>
              总库存：{v.stock}，剩余库存：{v.surplus_stock}
            </Text>
          </Stack>
        </HStack>
      )}
    </DialogShell>
  );
}

/**
 * 调整库存 / 修改时间 (compose.setStock, only while ongoing): either the new remaining stock (not
 * above the target's remaining stock) or the open time range, which sends the remaining stock too.
 */
export function ComposeAdjustDialog({
  rule,
  mode,
  onClose,
}: {
  rule: ComposeRule | null;
  mode: 'stock' | 'time';
  onClose: () => void;
}) {
  const open = rule !== null;
  const defaults = {
    compose_id: rule?.id ?? 0,
    stock: rule ? String(rule.surplus_stock) : '',
    begin_at: mode === 'time' ? (rule?.begin_at ?? '') : '',
    end_at: mode === 'time' ? (rule?.end_at ?? '') : '',
    available: rule?.virtual_info.surplus_stock ?? '',
  };
  const form = useSchemaForm(composeSetStock, defaults, open);
  const action = useAction(composeRuleRoutes.setStock, {
    success: m.adjusted,
    invalidates: [composeRuleRoutes.list, composeRuleRoutes.info],
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={mode === 'stock' ? '调整库存' : '修改时间'}
      form={form}
      onSubmit={() => action.run(form.getValues() as never)}
      testId="compose-adjust-dialog"
      submitTestId="compose-adjust-save"
    >
      {mode === 'stock' ? (
        <>
          <Text fontSize="sm" color="fg.muted">
            已合成 {rule?.composed ?? 0}，可用库存 {rule?.virtual_info.surplus_stock ?? 0}
          </Text>
          <DigitsField
            name="stock"
            label="剩余库存"
            required
            placeholder={m.residueRequired}
            testId="compose-adjust-stock"
          />
        </>
      ) : (
        <>
          <DateTimeField name="begin_at" label="开放时间（开始）" required testId="compose-adjust-begin" />
          <DateTimeField name="end_at" label="开放时间（结束）" required testId="compose-adjust-end" />
        </>
      )}
    </FormDialog>
  );
}

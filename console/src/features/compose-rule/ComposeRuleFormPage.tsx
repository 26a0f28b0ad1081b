import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  COMPOSE_TARGET_TYPES,
  type ComposeRule,
  type ComposeVirtual,
  composeRuleSave,
  messages,
  PER_ID,
} from '@toy/shared';
import { composeRuleRoutes } from '@toy/shared/features/compose-rule';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BrandSelect } from '../../components/BrandSelect';
import { useConfirm } from '../../components/ConfirmDialog';
import { Thumbnail } from '../../components/columns';
import { FormSection, SubmitFooter } from '../../components/FormPage';
import { BrandField, DateTimeField, DigitsField, FormField } from '../../components/form/fields';
import { SchemaFormPage, ServerError } from '../../components/form/SchemaFormPage';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageTitle } from '../../components/PageTitle';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { ComposeGroupsEditor, type GroupDraft, groupDataOf, groupsOfRule } from './ComposeGroupsEditor';
import { ComposeVirtualPicker } from './ComposeVirtualPicker';

const m = messages.composeRule;
const BACK = '/nft/goods?tab=compose';

type Values = {
  id: number | '';
  ip_id: number | '';
  begin_at: string;
  end_at: string;
  virtual_id: number | '';
  virtual_type: number;
  stock: number | string;
  available: number | '';
  group_data: string;
};

const EMPTY: Values = {
  id: '',
  ip_id: '',
  begin_at: '',
  end_at: '',
  virtual_id: '',
  virtual_type: 1,
  stock: '',
  available: '',
  group_data: '[]',
};

const fromRule = (r: ComposeRule): Values => ({
  id: r.id,
  ip_id: r.ip_id,
  begin_at: r.begin_at,
  end_at: r.end_at,
  virtual_id: r.virtual_id,
  virtual_type: r.virtual_type,
  stock: r.stock,
  available: r.virtual_info.surplus_stock,
  group_data: groupDataOf(groupsOfRule(r)),
});

/**
 * 创建/编辑合成规则 (/nft/composeAdd?id, spec 03 §4, §5): brand, open time range, the target
 * (a collectible or an album, chosen from compose.virtual), stock (not above the target's
 * remaining stock), and up to 10 groups. compose.save's rule table checks it in order, the first
 * failure shown. Creating asks to accept the destroy notice first; editing submits directly.
 */
export default function ComposeRuleFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id')) || undefined;
  const editing = id !== undefined;
  const stored = useCall(composeRuleRoutes.info, { compose_id: id ?? 0 }, { enabled: editing }).data?.info;
  const form = useSchemaForm(composeRuleSave, stored ? fromRule(stored) : EMPTY);
  const save = useAction(composeRuleRoutes.save, {
    success: editing ? m.edited : m.created,
    invalidates: [composeRuleRoutes.list, composeRuleRoutes.info],
  });
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [target, setTarget] = useState<{ title: string; pic: string; type: number } | null>(null);
  const [groups, setGroups] = useState<GroupDraft[]>([]);
  const [picking, setPicking] = useState(false);
  const loaded = useRef(false);
  const [ipId, available] = form.watch(['ip_id', 'available']);

  useEffect(() => {
    if (!stored || loaded.current) return;
    loaded.current = true;
    setTarget({ title: stored.virtual_info.title, pic: stored.virtual_info.pic, type: stored.virtual_type });
    setGroups(groupsOfRule(stored));
  }, [stored]);

  const changeGroups = (next: GroupDraft[]) => {
    setGroups(next);
    form.setValue('group_data', groupDataOf(next), { shouldDirty: true });
    // Editing a group is editing the form: the last message goes, the next submit finds the next.
    form.clearErrors();
  };
  const pickTarget = (v: ComposeVirtual) => {
    setTarget({ title: v.title, pic: v.pic, type: v.type });
    form.setValue('virtual_id', v.id, { shouldDirty: true });
    form.setValue('virtual_type', v.type, { shouldDirty: true });
    form.setValue('available', v.surplus_stock, { shouldDirty: true });
    form.clearErrors();
    setPicking(false);
  };
  const openPicker = () => {
    if (!Number(ipId)) notify.warning(m.brandRequired);
    else setPicking(true);
  };

  const send = async () => {
    if (!editing && !(await confirm({ message: m.destroyNotice, title: '提示' }))) {
      notify.info(messages.cancelled.plain);
      return;
    }
    // The checked values are the API's parsed form (dates, groups): send the form's own values.
    await save.run(form.getValues() as never);
    navigate(BACK);
  };

  return (
    <SchemaFormPage form={form} onSubmit={send} testId="compose-form">
      {({ submitting, serverError }) => (
        <Stack gap="4">
          <PageTitle
            title={editing ? '编辑合成规则' : '创建合成规则'}
            description="玩家集齐各合成组所需数量的藏品即可合成目标藏品，消耗的藏品将被销毁"
          />
          <FormSection title="基本信息">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              {editing ? (
                <FormField name="ip_id" label="所属品牌" required>
                  <BrandSelect
                    perId={PER_ID.nft}
                    value={stored?.ip_id}
                    onChange={() => undefined}
                    defaultFirst={false}
                    disabled
                    testId="compose-brand-locked"
                  />
                </FormField>
              ) : (
                <BrandField perId={PER_ID.nft} testId="compose-brand" />
              )}
              <Box />
              <DateTimeField name="begin_at" label="开放时间（开始）" required testId="compose-begin" />
              <DateTimeField name="end_at" label="开放时间（结束）" required testId="compose-end" />
              <FormField name="virtual_id" label="要合成的藏品" required>
                <HStack gap="3" data-testid="compose-target">
                  {target && (
                    <>
                      <Thumbnail src={target.pic} alt={target.title} size={40} />
                      <Stack gap="0">
                        <Text fontWeight="500" data-testid="compose-target-title">
                          {target.title}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {COMPOSE_TARGET_TYPES.find((t) => t.value === target.type)?.label}
                        </Text>
                      </Stack>
                    </>
                  )}
                  <Button size="sm" variant="outline" onClick={openPicker} data-testid="compose-pick-target">
                    {target ? '重新选择' : '选择藏品'}
                  </Button>
                </HStack>
              </FormField>
              <DigitsField
                name="stock"
                label="合成库存"
                required
                placeholder={m.stockRequired}
                helper={available === '' ? '请先选择要合成的藏品' : `可用库存 ${available}`}
                testId="compose-stock"
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="合成组" hint="每组消耗数量的藏品可为组内任意藏品；最多10组">
            <FormField name="group_data" label="合成组" required>
              <ComposeGroupsEditor ipId={Number(ipId) || 0} groups={groups} onChange={changeGroups} />
            </FormField>
            <ServerError message={serverError} />
          </FormSection>
          <SubmitFooter onCancel={() => navigate(BACK)} submitting={submitting} testId="compose-save">
            {editing ? '保存' : '创建'}
          </SubmitFooter>
          {picking && (
            <ComposeVirtualPicker
              open
              onOpenChange={(o) => !o && setPicking(false)}
              ipId={Number(ipId)}
              mode="target"
              onPick={pickTarget}
            />
          )}
          {confirmDialog}
        </Stack>
      )}
    </SchemaFormPage>
  );
}

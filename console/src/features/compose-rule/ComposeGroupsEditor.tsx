import { Box, Button, CloseButton, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { COMPOSE_LIMITS, type ComposeRule, type ComposeVirtual, messages } from '@toy/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Thumbnail } from '../../components/columns';
import { notify } from '../../lib/notify';
import { ComposeVirtualPicker } from './ComposeVirtualPicker';

const m = messages.composeRule;

/** A group being edited: what the inputs hold and the collectibles added. */
export interface GroupDraft {
  key: number;
  group_name: string;
  expend_num: string;
  virtuals: ComposeVirtual[];
}

let nextKey = 1;
const newGroup = (): GroupDraft => ({ key: nextKey++, group_name: '', expend_num: '', virtuals: [] });

/** The groups of a stored rule, as drafts. */
export const groupsOfRule = (r: ComposeRule): GroupDraft[] =>
  r.group_data.map((g) => ({
    key: nextKey++,
    group_name: g.group_name,
    expend_num: String(g.expend_num),
    virtuals: g.virtuals,
  }));

/** compose.save's `group_data`: the JSON text of [{group_name, expend_num, virtual_ids}]. */
export const groupDataOf = (groups: readonly GroupDraft[]) =>
  JSON.stringify(
    groups.map((g) => ({
      group_name: g.group_name,
      expend_num: g.expend_num,
      virtual_ids: g.virtuals.map((v) => v.id),
    })),
  );

/**
 * The groups of a compose rule (spec 03 §5, §9): 添加分组 up to 10; each a name (15), a consume
 * count (5 characters) and its collectibles, the first 4 shown as thumbnails. Adding one already
 * in the group adds nothing and warns 'N个藏品添加失败,当前列表已存在'.
 */
export function ComposeGroupsEditor({
  ipId,
  groups,
  onChange,
}: {
  ipId: number;
  groups: GroupDraft[];
  onChange: (groups: GroupDraft[]) => void;
}) {
  const [picking, setPicking] = useState<number | null>(null);
  const current = groups.find((g) => g.key === picking);
  const update = (key: number, patch: Partial<GroupDraft>) =>
    onChange(groups.map((g) => (g.key === key ? { ...g, ...patch } : g)));
  const add = () => {
    if (groups.length >= COMPOSE_LIMITS.groupsMax) notify.warning(m.tooManyGroups);
    else onChange([...groups, newGroup()]);
  };
  const openPicker = (key: number) => {
    if (!ipId) notify.warning(m.brandRequired);
    else setPicking(key);
  };
  const addVirtuals = (list: ComposeVirtual[]) => {
    if (!current) return;
    const have = new Set(current.virtuals.map((v) => v.id));
    const fresh = list.filter((v) => !have.has(v.id));
    const skipped = list.length - fresh.length;
    if (fresh.length) update(current.key, { virtuals: [...current.virtuals, ...fresh] });
    if (skipped > 0) notify.warning(m.duplicateSkipped(skipped));
  };

  return (
    <Stack gap="3" width="full" data-testid="compose-groups">
      {groups.map((g, i) => (
        <Box key={g.key} borderWidth="1px" rounded="md" p="3" data-testid="compose-group">
          <Flex gap="3" align="flex-end" wrap="wrap">
            <Stack gap="1">
              <Text fontSize="sm">组名称</Text>
              <Input
                size="sm"
                width="180px"
                value={g.group_name}
                maxLength={COMPOSE_LIMITS.groupNameMax}
                placeholder={m.groupNameRequired}
                onChange={(e) => update(g.key, { group_name: e.target.value })}
                data-testid="compose-group-name"
              />
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm">消耗数量</Text>
              <Input
                size="sm"
                width="120px"
                inputMode="numeric"
                value={g.expend_num}
                placeholder={m.expendRequired}
                onChange={(e) => update(g.key, { expend_num: e.target.value })}
                data-testid="compose-group-expend"
              />
            </Stack>
            <Button size="sm" variant="outline" onClick={() => openPicker(g.key)} data-testid="compose-group-pick">
              添加藏品
            </Button>
            <Box flex="1" />
            <CloseButton
              size="sm"
              aria-label={`删除第${i + 1}组`}
              onClick={() => onChange(groups.filter((x) => x.key !== g.key))}
              data-testid="compose-group-remove"
            />
          </Flex>
          <HStack gap="2" mt="3" minH="40px">
            {g.virtuals.slice(0, COMPOSE_LIMITS.thumbnails).map((v) => (
              <Thumbnail key={v.id} src={v.pic} alt={v.title} size={40} data-testid="compose-group-thumb" />
            ))}
            <Text fontSize="sm" color="fg.muted" data-testid="compose-group-count">
              {g.virtuals.length ? `共${g.virtuals.length}个藏品` : '暂未添加藏品'}
            </Text>
            {g.virtuals.length > 0 && (
              <Button size="2xs" variant="plain" colorPalette="red" onClick={() => update(g.key, { virtuals: [] })}>
                清空
              </Button>
            )}
          </HStack>
        </Box>
      ))}
      <Box>
        <Button size="sm" variant="outline" onClick={add} data-testid="compose-group-add">
          <Plus size={14} />
          添加分组
        </Button>
      </Box>
      {current && (
        <ComposeVirtualPicker
          open
          onOpenChange={(o) => !o && setPicking(null)}
          ipId={ipId}
          mode="group"
          chosen={current.virtuals.map((v) => v.id)}
          onAdd={addVirtuals}
        />
      )}
    </Stack>
  );
}

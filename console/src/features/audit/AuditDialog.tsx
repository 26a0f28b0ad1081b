import { Badge, Box, Dialog, HStack, Image, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry, gachaCateText, OFF_TEXT } from '@toy/shared';
import { auditRoutes } from '@toy/shared/features/audit';
import { brandRoutes } from '@toy/shared/features/brand';
import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingLines } from '../../components/DataTable';
import { DialogShell } from '../../components/DialogShell';
import { ListPagination } from '../../components/ListPagination';
import { previewUrl } from '../../components/upload/fileBase';
import { useDialogList } from '../../components/useDialogList';
import { useCall } from '../../lib/useCall';

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  import_create: 'green',
  delete: 'red',
  invalidate: 'orange',
  unbind: 'orange',
  stock: 'blue',
  list: 'green',
  delist: 'orange',
};

const isPicture = (field: string) => field === 'pic' || field === 'pics';

/** A recorded value as a merchant reads it; `brands` names the merchant's brands by id. */
function show(field: string, value: unknown, brands: Map<number, string>): ReactNode {
  if (value === null || value === undefined || value === '') return <Text color="fg.subtle">—</Text>;
  if (field === 'ip_id') return brands.get(Number(value)) ?? String(value);
  if (isPicture(field)) {
    const list = Array.isArray(value) ? value : [value];
    return (
      <Wrap gap="1">
        {list.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a picture may repeat
          <Image key={i} src={previewUrl(String(v), 100)} alt="" boxSize="36px" rounded="sm" objectFit="cover" />
        ))}
      </Wrap>
    );
  }
  if (field === 'is_overseas') return value === 1 ? '是' : '否';
  if (field === 'stock_limit') return value === 1 ? '限制库存' : '不限库存';
  if (field === 'status') return value === 1 ? '有效' : '已失效';
  if (field === 'cate') return gachaCateText(Number(value));
  if (field === 'off') return OFF_TEXT[Number(value)] ?? String(value);
  if (field === 'bean') return Number(value) > 0 ? `最高抵扣 ¥${Number(value).toFixed(2)}` : '不使用';
  if (field === 'price' || field === 'cost_price') return `¥${Number(value).toFixed(2)}`;
  if (Array.isArray(value)) return value.filter((v) => v !== '').join('、') || '—';
  return String(value);
}

/** The fields an entry shows: what changed, or every filled field of a create or delete. */
function rowsOf(entity: AuditEntity, entry: AuditEntry) {
  const labels = AUDIT_ENTITIES[entity].fields as Record<string, string>;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return Object.keys(labels).flatMap((field) => {
    const a = before[field];
    const b = after[field];
    const changed = JSON.stringify(a) !== JSON.stringify(b);
    if (entry.before && entry.after && !changed) return [];
    if (!entry.before && (b === null || b === '' || b === undefined)) return [];
    if (!entry.after && (a === null || a === '' || a === undefined)) return [];
    return [{ field, label: labels[field]!, before: a, after: b }];
  });
}

function Entry({ entity, entry, brands }: { entity: AuditEntity; entry: AuditEntry; brands: Map<number, string> }) {
  const rows = rowsOf(entity, entry);
  return (
    <Box borderWidth="1px" borderColor="gray.100" rounded="md" p="3" data-testid="audit-entry">
      <HStack justify="space-between" mb={rows.length ? 2 : 0} wrap="wrap" gap="2">
        <HStack gap="2">
          <Badge colorPalette={ACTION_COLORS[entry.action] ?? 'brand'} data-testid="audit-action">
            {entry.action_text}
          </Badge>
          <Text fontSize="sm" fontWeight="500">
            {entry.actor || '系统'}
          </Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {entry.created_at}
        </Text>
      </HStack>
      {rows.length > 0 && (
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader w="90px">字段</Table.ColumnHeader>
              {entry.before && <Table.ColumnHeader>修改前</Table.ColumnHeader>}
              {entry.after && <Table.ColumnHeader>{entry.before ? '修改后' : '内容'}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.field}>
                <Table.Cell color="fg.muted">{r.label}</Table.Cell>
                {entry.before && <Table.Cell>{show(r.field, r.before, brands)}</Table.Cell>}
                {entry.after && (
                  <Table.Cell fontWeight={entry.before ? '600' : undefined}>
                    {show(r.field, r.after, brands)}
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}

export interface AuditTarget {
  entity: AuditEntity;
  id: number;
  title: string;
}

/** 操作记录: who changed a row, when, and the values before and after (audit.list). */
export function AuditDialog({ target, onClose }: { target: AuditTarget | null; onClose: () => void }) {
  const { read, pagination, pageSize } = useDialogList(
    auditRoutes.list,
    { entity: target?.entity ?? 'goods', id: target?.id ?? 0 },
    target !== null,
  );
  const { data, isLoading } = read;
  const mine = useCall(brandRoutes.mine, {}, { enabled: target !== null });
  const brands = new Map((mine.data?.ips ?? []).map((b) => [b.id, b.title]));
  const total = data?.pagination.total_rows ?? 0;
  return (
    <DialogShell
      open={target !== null}
      onOpenChange={(o) => !o && onClose()}
      title={
        <HStack gap="2">
          <History size={18} />
          <Dialog.Title>操作记录</Dialog.Title>
          <Text color="fg.muted" fontSize="sm" truncate maxW="320px">
            {target?.title}
          </Text>
        </HStack>
      }
      size="lg"
      testId="audit-dialog"
      scrollBehavior="inside"
      lazy={false}
    >
      {isLoading && !data ? (
        <LoadingLines lines={4} />
      ) : data?.list.length ? (
        <Stack gap="3">
          {target && data.list.map((e) => <Entry key={e.id} entity={target.entity} entry={e} brands={brands} />)}
        </Stack>
      ) : (
        <Text color="fg.muted" textAlign="center" py="8">
          暂无操作记录
        </Text>
      )}
      {total > pageSize && <ListPagination {...pagination(total)} />}
    </DialogShell>
  );
}

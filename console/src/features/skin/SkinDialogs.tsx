import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { messages, type Skin } from '@toy/shared';
import { skinRoutes } from '@toy/shared/features/skin-routes';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { Thumbnail } from '../../components/columns';
import { LoadingLines } from '../../components/DataTable';
import { DialogShell } from '../../components/DialogShell';
import { FormDialog } from '../../components/form/FormDialog';
import { TextField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ListPagination } from '../../components/ListPagination';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';

const m = messages.skin;

/** 草稿箱: the drafts of the brand (and the user's own); edit resumes one in the form, delete asks first. */
export function DraftBoxDialog({ open, ipId, onClose }: { open: boolean; ipId?: number; onClose: () => void }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useCall(skinRoutes.drafts, { page, limit: 10 }, { enabled: open });
  const { ask, dialog } = useConfirm();
  const del = useAction(skinRoutes.deleteDraft, {
    success: m.deleted,
    invalidates: [skinRoutes.drafts, skinRoutes.list],
  });
  return (
    <DialogShell open={open} onOpenChange={(o) => !o && onClose()} title="草稿箱" size="lg" testId="skin-drafts-dialog">
      <Stack gap="3">
        {isLoading && !data ? (
          <LoadingLines lines={4} />
        ) : data?.list.length === 0 ? (
          <Box p="8" textAlign="center" color="fg.muted" data-testid="skin-drafts-empty">
            暂无草稿
          </Box>
        ) : (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>图片</Table.ColumnHeader>
                <Table.ColumnHeader>装扮名称</Table.ColumnHeader>
                <Table.ColumnHeader>品牌</Table.ColumnHeader>
                <Table.ColumnHeader>保存时间</Table.ColumnHeader>
                <Table.ColumnHeader>操作</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.list.map((d) => (
                <Table.Row
                  key={d.id}
                  data-testid="skin-draft-row"
                  bg={ipId && d.ip_id === ipId ? undefined : undefined}
                >
                  <Table.Cell>
                    <Thumbnail src={d.show_pic || d.avatar_widget} alt={d.title} size={40} />
                  </Table.Cell>
                  <Table.Cell>{d.title || <Text color="fg.muted">未命名</Text>}</Table.Cell>
                  <Table.Cell>{d.ip_title || '-'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{d.updated_at}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="brand"
                        onClick={() => navigate(`/skin/add?id=${d.id}&type=draft`)}
                        data-testid="skin-draft-edit"
                      >
                        编辑
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() =>
                          void ask(
                            { message: m.deleteDraftConfirm, danger: true, cancelled: messages.cancelled.delete },
                            () => del.trigger({ id: d.id }),
                          )
                        }
                        data-testid="skin-draft-delete"
                      >
                        删除
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {(data?.pagination.total_rows ?? 0) > 10 && (
          <ListPagination
            total={data?.pagination.total_rows ?? 0}
            page={page}
            pageSize={10}
            pageSizes={[10]}
            onPageChange={setPage}
          />
        )}
      </Stack>
      {dialog}
    </DialogShell>
  );
}

/** 管理员领取: grant an approved skin to the player of a phone number, for an activity. */
export function ClaimDialog({ skin, onClose }: { skin: Skin | null; onClose: () => void }) {
  const claim = useAction(skinRoutes.claim, { success: m.claimed, invalidates: [skinRoutes.list] });
  const form = useSchemaForm(skinRoutes.claim.body, { id: skin?.id ?? '', active_id: '', phone: '' }, skin !== null);
  return (
    <FormDialog
      open={skin !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`管理员领取：${skin?.title ?? ''}`}
      form={form}
      onSubmit={claim.run}
      submitLabel="领取"
      testId="skin-claim-dialog"
      submitTestId="skin-claim-submit"
    >
      <TextField
        name="active_id"
        label="活动ID"
        required
        placeholder="请输入活动ID"
        helper="本品牌抽盒机或一番赏的 ID（抽盒机管理、一番赏列表的 ID 列）"
        testId="skin-claim-active"
      />
      <TextField
        name="phone"
        label="手机号"
        required
        maxLength={11}
        placeholder="请输入手机号"
        testId="skin-claim-phone"
      />
    </FormDialog>
  );
}

import { Alert, Box, Button, Dialog, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { api, type GachaImportPreview, LIMITS, messages } from '@toy/shared';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { ProgressBar } from '../../components/ProgressBar';
import { FileUpload } from '../../components/upload/FileUpload';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';

type Stage =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'preview'; url: string; name: string; preview: GachaImportPreview }
  | { step: 'applying'; url: string; name: string; preview: GachaImportPreview };

/** The list refreshes this long after an import (spec 01 §7). */
export const REFRESH_AFTER_IMPORT_MS = 3000;

function Figure({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) {
  return (
    <Box bg="gray.50" rounded="md" px="3" py="2" textAlign="center">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="700" color={color} data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

/**
 * 上传商品: one .xlsx through the xlsx token, then the import call (url, ip_id) answers a dry run —
 * what will be created and updated and every bad row — and the merchant confirms. The confirm
 * applies the whole file in one transaction; the list refreshes 3 s later.
 */
export function GachaImport({ ipId, onImported }: { ipId: number | undefined; onImported: () => void }) {
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const dryRun = useAction(api.gacha.import);
  const applyFile = useAction(api.gacha.importConfirm, {
    success: (done) => messages.gacha.importDone(done.create_num, done.update_num),
  });

  const check = async (url: string, name: string) => {
    if (ipId === undefined) return void notify.error(messages.gacha.brandRequired);
    setStage({ step: 'checking', name });
    const preview = await dryRun.trigger({ url, ip_id: ipId });
    setStage(preview ? { step: 'preview', url, name, preview } : { step: 'idle' });
  };

  const apply = async () => {
    if (stage.step !== 'preview' || ipId === undefined) return;
    setStage({ ...stage, step: 'applying' });
    if (!(await applyFile.trigger({ url: stage.url, ip_id: ipId }))) return setStage({ ...stage, step: 'preview' });
    setStage({ step: 'idle' });
    setTimeout(onImported, REFRESH_AFTER_IMPORT_MS);
  };

  const preview = stage.step === 'preview' || stage.step === 'applying' ? stage.preview : null;
  const nothingToDo = preview ? preview.create_num + preview.update_num === 0 : true;

  return (
    <>
      <FileUpload
        label="上传商品"
        maxSize={LIMITS.xlsxMaxBytes}
        onUploaded={(file) => check(file.url, file.name)}
        disabled={stage.step !== 'idle'}
        testId="gacha-import"
      />
      <DialogShell
        open={stage.step !== 'idle'}
        onOpenChange={(open) => !open && stage.step === 'preview' && setStage({ step: 'idle' })}
        size="lg"
        scrollBehavior="inside"
        closeOnInteractOutside={false}
        closable={stage.step === 'preview'}
        lazy={false}
        testId="import-dialog"
        title={
          <HStack gap="2">
            <FileSpreadsheet size={18} color="#16a34a" />
            <Dialog.Title>上传商品</Dialog.Title>
            <Text fontSize="sm" color="fg.muted" truncate maxW="280px">
              {stage.step !== 'idle' ? stage.name : ''}
            </Text>
          </HStack>
        }
        footer={
          preview && (
            <>
              <Button variant="outline" onClick={() => setStage({ step: 'idle' })} disabled={stage.step === 'applying'}>
                取消
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => void apply()}
                loading={stage.step === 'applying'}
                loadingText="导入中…"
                disabled={preview.error_num > 0 || nothingToDo}
                data-testid="import-confirm"
              >
                确认导入
              </Button>
            </>
          )
        }
      >
        {stage.step === 'checking' && (
          <Stack gap="3" py="6" data-testid="import-checking">
            <Text textAlign="center" color="fg.muted">
              正在校验表格…
            </Text>
            <ProgressBar value={null} size="sm" colorPalette="brand" />
          </Stack>
        )}
        {preview && (
          <Stack gap="4">
            <SimpleGrid columns={{ base: 2, md: 5 }} gap="2">
              <Figure label="数据行" value={preview.total_num} testId="import-total" />
              <Figure label="将新增" value={preview.create_num} color="green.600" testId="import-create" />
              <Figure label="将更新" value={preview.update_num} color="blue.600" testId="import-update" />
              <Figure label="无变化" value={preview.unchanged_num} testId="import-unchanged" />
              <Figure
                label="错误行"
                value={preview.error_num}
                color={preview.error_num ? 'red.500' : undefined}
                testId="import-errors"
              />
            </SimpleGrid>
            {preview.error_num > 0 ? (
              <Stack gap="3">
                <Alert.Root status="error" size="sm">
                  <Alert.Indicator />
                  <Alert.Title>{messages.gacha.importHasErrors}</Alert.Title>
                </Alert.Root>
                <Box maxH="260px" overflowY="auto" borderWidth="1px" borderColor="gray.100" rounded="md">
                  <Table.Root size="sm" stickyHeader>
                    <Table.Header>
                      <Table.Row bg="gray.50">
                        <Table.ColumnHeader w="70px">行号</Table.ColumnHeader>
                        <Table.ColumnHeader w="90px">列</Table.ColumnHeader>
                        <Table.ColumnHeader>错误原因</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {preview.errors.slice(0, 500).map((e) => (
                        <Table.Row key={e.row} data-testid="import-error-row">
                          <Table.Cell>第{e.row}行</Table.Cell>
                          <Table.Cell>{e.column}</Table.Cell>
                          <Table.Cell color="red.600">{e.message}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Box>
                {preview.error_url && (
                  <Link
                    href={preview.error_url}
                    target="_blank"
                    colorPalette="brand"
                    fontSize="sm"
                    data-testid="import-report"
                  >
                    <Download size={14} />
                    下载错误报告（含错误原因列）
                  </Link>
                )}
              </Stack>
            ) : (
              <Alert.Root status={nothingToDo ? 'info' : 'success'} size="sm">
                <Alert.Indicator />
                <Alert.Title>
                  {nothingToDo ? '表格与现有商品一致，无需导入' : '校验通过，确认后将整表一次写入'}
                </Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        )}
      </DialogShell>
    </>
  );
}

import { Alert, Box, Button, Dialog, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { api, LIMITS, messages, type PickupImportPreview } from '@toy/shared';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { ProgressBar } from '../../components/ProgressBar';
import { FileUpload } from '../../components/upload/FileUpload';
import { useAction } from '../../lib/useAction';

type Stage =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'preview'; url: string; name: string; preview: PickupImportPreview }
  | { step: 'applying'; url: string; name: string; preview: PickupImportPreview };

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
 * 导入发货单: one .xlsx (one dot in its name, else 暂不支持此类文件上传; one file at a time) with
 * upload progress, then a dry run — how many orders will ship and every bad row, with the error
 * sheet — and the merchant confirms; the confirm ships the whole file in one transaction.
 */
export function PickupImport({ onImported }: { onImported: () => void }) {
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const dryRun = useAction(api.pickup.import);
  const applyFile = useAction(api.pickup.importConfirm, {
    success: (done) => messages.pickup.importDone(done.ship_num),
  });

  const check = async (url: string, name: string) => {
    setStage({ step: 'checking', name });
    const preview = await dryRun.trigger({ url });
    setStage(preview ? { step: 'preview', url, name, preview } : { step: 'idle' });
  };

  const apply = async () => {
    if (stage.step !== 'preview') return;
    setStage({ ...stage, step: 'applying' });
    if (!(await applyFile.trigger({ url: stage.url }))) return setStage({ ...stage, step: 'preview' });
    setStage({ step: 'idle' });
    onImported();
  };

  const preview = stage.step === 'preview' || stage.step === 'applying' ? stage.preview : null;

  return (
    <>
      <FileUpload
        label="导入发货单"
        maxSize={LIMITS.xlsxMaxBytes}
        onUploaded={(file) => check(file.url, file.name)}
        disabled={stage.step !== 'idle'}
        testId="pickup-import"
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
            <Dialog.Title>导入发货单</Dialog.Title>
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
                loadingText="发货中…"
                disabled={preview.error_num > 0 || preview.ship_num === 0}
                data-testid="import-confirm"
              >
                确认发货
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
            <SimpleGrid columns={3} gap="2">
              <Figure label="数据行" value={preview.total_num} testId="import-total" />
              <Figure label="将发货" value={preview.ship_num} color="green.600" testId="import-ship" />
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
                  <Alert.Title>{messages.pickup.importHasErrors}</Alert.Title>
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
              <Alert.Root status="success" size="sm">
                <Alert.Indicator />
                <Alert.Title>校验通过，确认后将整表一次发货</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        )}
      </DialogShell>
    </>
  );
}

import { Alert, Box, Button, Field, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { api, LIMITS, MARKET_PLATFORMS, type MarketImportResult, type MarketPlatform, messages } from '@toy/shared';
import { Download, FileUp } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { OptionSelect } from '../../components/form/controls';
import { ProgressBar } from '../../components/ProgressBar';
import { ToolButton } from '../../components/ToolButton';
import { FileUpload } from '../../components/upload/FileUpload';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';

const m = messages.market;
const PLATFORMS = MARKET_PLATFORMS.map((p) => ({ value: p.value, label: p.label }));

type Stage =
  | { step: 'pick' }
  | { step: 'checking'; name: string }
  | { step: 'preview'; url: string; name: string; preview: MarketImportResult }
  | { step: 'applying'; url: string; name: string; preview: MarketImportResult };

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
 * 导入 of the marketplace list: the platform, then one .xlsx (only a name with one dot, one file
 * at a time: 暂不支持此类文件上传) uploaded with progress; the dry run shows what ships and every
 * bad row with an error sheet; 确认导入 ships the whole sheet at once or nothing.
 */
export function MarketImport({
  ipId,
  platform,
  onImported,
}: {
  ipId: number | undefined;
  platform: string | undefined;
  onImported: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string>(platform ?? '');
  const [stage, setStage] = useState<Stage>({ step: 'pick' });
  const importing = useAction(api.market.import);
  const confirming = useAction(api.market.import, {
    success: (done) => m.importDone(done.ship_num),
    invalidates: [api.market.list],
  });

  const start = () => {
    if (ipId === undefined) return void notify.error(m.importBrandRequired);
    setChosen(platform ?? '');
    setStage({ step: 'pick' });
    setOpen(true);
  };

  const check = async (url: string, name: string) => {
    if (!chosen || ipId === undefined) return void notify.error(m.importPlatformRequired);
    setStage({ step: 'checking', name });
    const body = { platform: chosen as MarketPlatform, ip_id: ipId, file_url: url, confirm: 0 };
    const preview = await importing.trigger(body);
    setStage(preview ? { step: 'preview', url, name, preview } : { step: 'pick' });
  };

  const apply = async () => {
    if (stage.step !== 'preview' || ipId === undefined) return;
    setStage({ ...stage, step: 'applying' });
    const body = { platform: chosen as MarketPlatform, ip_id: ipId, file_url: stage.url, confirm: 1 };
    if (!(await confirming.trigger(body))) return setStage({ ...stage, step: 'preview' });
    setOpen(false);
    onImported();
  };

  const preview = stage.step === 'preview' || stage.step === 'applying' ? stage.preview : null;
  const busy = stage.step === 'checking' || stage.step === 'applying';

  return (
    <>
      <ToolButton icon={FileUp} onClick={start} testId="market-import">
        导入
      </ToolButton>
      <DialogShell
        open={open}
        onOpenChange={(o) => !busy && setOpen(o)}
        title="导入发货表"
        size="lg"
        scrollBehavior="inside"
        closeOnInteractOutside={false}
        closable={!busy}
        testId="market-import-dialog"
        footer={
          preview && (
            <>
              <Button variant="outline" onClick={() => setStage({ step: 'pick' })} disabled={busy}>
                重新选择
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => void apply()}
                loading={stage.step === 'applying'}
                loadingText="导入中…"
                disabled={preview.error_num > 0 || preview.ship_num === 0}
                data-testid="market-import-confirm"
              >
                确认导入
              </Button>
            </>
          )
        }
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            先导出发货单，填写「物流公司」「物流单号」两列后上传；表格按「订单号」找到所选平台与品牌的订单。
          </Text>
          <HStack gap="4" align="flex-end" wrap="wrap">
            <Field.Root w="auto">
              <Field.Label fontSize="sm" color="fg.muted">
                平台
              </Field.Label>
              <OptionSelect
                label="平台"
                size="sm"
                w="160px"
                value={chosen}
                onChange={setChosen}
                options={PLATFORMS}
                placeholder="请选择平台"
                testId="market-import-platform"
              />
            </Field.Root>
            <FileUpload
              label="上传发货表"
              maxSize={LIMITS.xlsxMaxBytes}
              onUploaded={(file) => check(file.url, file.name)}
              disabled={busy || !chosen}
              testId="market-import-file"
            />
          </HStack>
          {stage.step === 'checking' && (
            <Stack gap="2" data-testid="market-import-checking">
              <Text fontSize="sm" color="fg.muted">
                正在校验 {stage.name}…
              </Text>
              <ProgressBar value={null} size="sm" colorPalette="brand" />
            </Stack>
          )}
          {preview && (
            <Stack gap="3">
              <SimpleGrid columns={3} gap="2">
                <Figure label="数据行" value={preview.total_num} testId="market-import-total" />
                <Figure label="将发货" value={preview.ship_num} color="green.600" testId="market-import-ship" />
                <Figure
                  label="错误行"
                  value={preview.error_num}
                  color={preview.error_num ? 'red.500' : undefined}
                  testId="market-import-errors"
                />
              </SimpleGrid>
              {preview.error_num > 0 ? (
                <Stack gap="3">
                  <Alert.Root status="error" size="sm">
                    <Alert.Indicator />
                    <Alert.Title>{m.importHasErrors}</Alert.Title>
                  </Alert.Root>
                  <Box maxH="240px" overflowY="auto" borderWidth="1px" borderColor="gray.100" rounded="md">
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
                          <Table.Row key={e.row} data-testid="market-import-error-row">
                            <Table.Cell>第{e.row}行</Table.Cell>
                            <Table.Cell>{e.column}</Table.Cell>
                            <Table.Cell color="red.600">{e.message}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Box>
                  {preview.error_url && (
                    <Link href={preview.error_url} target="_blank" colorPalette="brand" fontSize="sm">
                      <Download size={14} />
                      下载错误报告（含错误原因列）
                    </Link>
                  )}
                </Stack>
              ) : (
                <Alert.Root status="success" size="sm">
                  <Alert.Indicator />
                  <Alert.Title>校验通过，确认后整表一次发货</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
          )}
        </Stack>
      </DialogShell>
    </>
  );
}

import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LIMITS, MARKET_PLATFORMS, type MarketPlatform, messages } from '@toy/shared';
import { marketRoutes } from '@toy/shared/features/market';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { LabeledSelect } from '../../components/form/OptionSelect';
import { ToolButton } from '../../components/ToolButton';
import { ImportChecking, ImportPreview } from '../../components/transfer/ImportPreview';
import { useImportStages } from '../../components/transfer/useImportStages';
import { FileUpload } from '../../components/upload/FileUpload';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useBrandWord } from '../../session/useBrandWord';

const m = messages.market;
const PLATFORMS = MARKET_PLATFORMS.map((p) => ({ value: p.value, label: p.label }));

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
  const word = useBrandWord();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string>(platform ?? '');
  const importing = useAction(marketRoutes.import);
  const confirming = useAction(marketRoutes.import, {
    success: (done) => m.importDone(done.ship_num),
    invalidates: [marketRoutes.list],
  });
  const body = (file_url: string, confirm: 0 | 1) => ({
    platform: chosen as MarketPlatform,
    ip_id: ipId!,
    file_url,
    confirm,
  });
  const { stage, preview, busy, check, confirm, reset } = useImportStages({
    precheck: () => (!chosen || ipId === undefined ? m.importPlatformRequired : undefined),
    dryRun: (url) => importing.trigger(body(url, 0)),
    apply: (url) => confirming.trigger(body(url, 1)),
    onApplied: () => {
      setOpen(false);
      onImported();
    },
  });

  const start = () => {
    if (ipId === undefined) return void notify.error(m.importBrandRequired);
    setChosen(platform ?? '');
    reset();
    setOpen(true);
  };

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
              <Button variant="outline" onClick={reset} disabled={busy}>
                重新选择
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => void confirm()}
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
            先导出发货单，填写「物流公司」「物流单号」两列后上传；表格按「订单号」找到所选平台与{word}的订单。
          </Text>
          <HStack gap="4" align="flex-end" wrap="wrap">
            <LabeledSelect
              label="平台"
              w="160px"
              value={chosen}
              onChange={setChosen}
              options={PLATFORMS}
              placeholder="请选择平台"
              testId="market-import-platform"
            />
            <FileUpload
              label="上传发货表"
              maxSize={LIMITS.xlsxMaxBytes}
              onUploaded={(file) => check(file.url, file.name)}
              disabled={busy || !chosen}
              testId="market-import-file"
            />
          </HStack>
          {stage.step === 'checking' && (
            <ImportChecking text={`正在校验 ${stage.name}…`} testId="market-import-checking" />
          )}
          {preview && (
            <ImportPreview
              preview={preview}
              figures={[{ label: '将发货', value: preview.ship_num, color: 'green.600', testId: 'market-import-ship' }]}
              ids="market-"
              hasErrors={m.importHasErrors}
              ok="校验通过，确认后整表一次发货"
            />
          )}
        </Stack>
      </DialogShell>
    </>
  );
}

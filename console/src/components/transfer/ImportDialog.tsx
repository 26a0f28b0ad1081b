import { Button, Dialog, HStack, Text } from '@chakra-ui/react';
import { LIMITS } from '@toy/shared';
import { FileSpreadsheet } from 'lucide-react';
import { DialogShell } from '../DialogShell';
import { FileUpload } from '../upload/FileUpload';
import { ImportChecking, type ImportFigure, ImportPreview } from './ImportPreview';
import { type ImportCalls, type ImportPreviewShape, useImportStages } from './useImportStages';

/** One feature's xlsx import: its words, test id and how to read its dry run. */
export interface ImportDeclaration<P extends ImportPreviewShape> {
  /** The upload button's words and the dialog's title. */
  label: string;
  /** The upload's test id (its input is `${testId}-input`). */
  testId: string;
  figures: (preview: P) => ImportFigure[];
  /** Whether a clean file still changes nothing (the confirm stays disabled). */
  changesNothing: (preview: P) => boolean;
  nothingText?: string;
  okText: string;
  hasErrors: string;
  confirmText: string;
  applyingText: string;
}

/**
 * An xlsx import: one .xlsx (one dot in its name, else 暂不支持此类文件上传) uploaded with
 * progress, then its dry run — the counts and every bad row with the error sheet — and the confirm.
 */
export function ImportDialog<P extends ImportPreviewShape>({
  declaration: d,
  ...calls
}: ImportCalls<P> & { declaration: ImportDeclaration<P> }) {
  const { stage, preview, check, confirm, reset } = useImportStages(calls);
  const nothing = preview ? d.changesNothing(preview) : true;

  return (
    <>
      <FileUpload
        label={d.label}
        maxSize={LIMITS.xlsxMaxBytes}
        onUploaded={(file) => check(file.url, file.name)}
        disabled={stage.step !== 'idle'}
        testId={d.testId}
      />
      <DialogShell
        open={stage.step !== 'idle'}
        onOpenChange={(open) => !open && stage.step === 'preview' && reset()}
        size="lg"
        scrollBehavior="inside"
        closeOnInteractOutside={false}
        closable={stage.step === 'preview'}
        lazy={false}
        testId="import-dialog"
        title={
          <HStack gap="2">
            <FileSpreadsheet size={18} color="#16a34a" />
            <Dialog.Title>{d.label}</Dialog.Title>
            <Text fontSize="sm" color="fg.muted" truncate maxW="280px">
              {stage.step !== 'idle' ? stage.name : ''}
            </Text>
          </HStack>
        }
        footer={
          preview && (
            <>
              <Button variant="outline" onClick={reset} disabled={stage.step === 'applying'}>
                取消
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => void confirm()}
                loading={stage.step === 'applying'}
                loadingText={d.applyingText}
                disabled={preview.error_num > 0 || nothing}
                data-testid="import-confirm"
              >
                {d.confirmText}
              </Button>
            </>
          )
        }
      >
        {stage.step === 'checking' && <ImportChecking text="正在校验表格…" testId="import-checking" roomy />}
        {preview && (
          <ImportPreview
            preview={preview}
            figures={d.figures(preview)}
            ids=""
            hasErrors={d.hasErrors}
            ok={d.okText}
            nothing={nothing && d.nothingText ? d.nothingText : undefined}
          />
        )}
      </DialogShell>
    </>
  );
}

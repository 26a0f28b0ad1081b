import { Button, Dialog, HStack, Text } from '@chakra-ui/react';
import { FileSpreadsheet } from 'lucide-react';
import { DialogShell } from '../DialogShell';
import { ImportChecking, ImportPreview } from './ImportPreview';
import type { ImportDeclaration, ImportPreviewShape, useImportStages } from './useImportStages';

type Stages<P extends ImportPreviewShape> = ReturnType<typeof useImportStages<P>>;

/** ImportDialog's dialog: the file being checked, then its dry run and the confirm. */
export function ImportStagesDialog<P extends ImportPreviewShape>({
  declaration: d,
  stage,
  preview,
  confirm,
  reset,
  nothing,
}: Pick<Stages<P>, 'stage' | 'preview' | 'confirm' | 'reset'> & {
  declaration: ImportDeclaration<P>;
  nothing: boolean;
}) {
  return (
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
  );
}

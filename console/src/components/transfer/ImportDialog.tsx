import { LIMITS } from '@toy/shared';
import { lazyPart } from '../../lib/lazyPart';
import { FileUpload } from '../upload/FileUpload';
import type { ImportStagesDialog as StagesDialog } from './ImportStagesDialog';
import { type ImportCalls, type ImportDeclaration, type ImportPreviewShape, useImportStages } from './useImportStages';

export type { ImportDeclaration };

// Opens once a file is uploaded: loaded after the page is up (typed as the generic component itself).
const ImportStagesDialog = lazyPart(() =>
  import('./ImportStagesDialog').then((m) => m.ImportStagesDialog),
) as typeof StagesDialog;

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
      <ImportStagesDialog
        declaration={d}
        stage={stage}
        preview={preview}
        confirm={confirm}
        reset={reset}
        nothing={nothing}
      />
    </>
  );
}

import { useState } from 'react';
import { notify } from '../../lib/notify';

/** What every dry run of an xlsx import answers: its counts, its bad rows and their error sheet. */
export interface ImportPreviewShape {
  total_num: number;
  error_num: number;
  errors: readonly { row: number; column: string; message: string }[];
  error_url: string | null;
}

export type ImportStage<P> =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'preview'; url: string; name: string; preview: P }
  | { step: 'applying'; url: string; name: string; preview: P };

/** The calls of one import: the dry run and the confirm of an uploaded file's url. */
export interface ImportCalls<P> {
  /** A message when the import cannot start (a missing brand or platform); nothing when it can. */
  precheck?: () => string | undefined;
  dryRun: (url: string) => Promise<P | undefined>;
  apply: (url: string) => Promise<unknown>;
  onApplied: () => void;
}

/**
 * The steps of an xlsx import: an uploaded file is checked (dry run), its preview shown, and the
 * confirm applies it; a failed confirm (already shown by the request layer) keeps the preview.
 */
export function useImportStages<P>({ precheck, dryRun, apply, onApplied }: ImportCalls<P>) {
  const [stage, setStage] = useState<ImportStage<P>>({ step: 'idle' });
  const refused = () => {
    const message = precheck?.();
    if (message) notify.error(message);
    return Boolean(message);
  };

  const check = async (url: string, name: string) => {
    if (refused()) return;
    setStage({ step: 'checking', name });
    const preview = await dryRun(url);
    setStage(preview ? { step: 'preview', url, name, preview } : { step: 'idle' });
  };

  const confirm = async () => {
    if (stage.step !== 'preview' || refused()) return;
    setStage({ ...stage, step: 'applying' });
    if (!(await apply(stage.url))) return setStage({ ...stage, step: 'preview' });
    setStage({ step: 'idle' });
    onApplied();
  };

  const preview = stage.step === 'preview' || stage.step === 'applying' ? stage.preview : null;
  const busy = stage.step === 'checking' || stage.step === 'applying';
  return { stage, preview, busy, check, confirm, reset: () => setStage({ step: 'idle' }) };
}

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

/** One count of a dry run (数据行, 将新增, 将发货 …). */
export interface ImportFigure {
  label: string;
  value: number;
  color?: string;
  testId: string;
}

import { chakra } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import type { LucideIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import { ToolButton } from '../ToolButton';
import { UploadError } from './uploadCore';

const HiddenInput = chakra('input');

/**
 * A hidden file input (test id `${testId}-input`): `open()` shows the browser's file chooser and
 * `onFiles` receives what was chosen, never an empty list. The input is emptied each time, so the
 * same file can be chosen again.
 */
export function useFilePicker({
  accept,
  multiple,
  id,
  testId,
  onFiles,
}: {
  accept: string;
  multiple?: boolean;
  /** For a `<label htmlFor>` that opens the chooser. */
  id?: string;
  testId: string;
  onFiles: (files: File[]) => unknown;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <HiddenInput
      id={id}
      ref={ref}
      type="file"
      display="none"
      multiple={multiple}
      accept={accept}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) void onFiles(files);
      }}
      data-testid={`${testId}-input`}
    />
  );
  return { open: () => ref.current?.click(), input };
}

/** The message of a failed upload (`detail`: the storage's own words when it gave some). */
export const uploadFailure = (err: unknown, detail = false) =>
  err instanceof UploadError ? ((detail ? err.detail : undefined) ?? err.message) : messages.upload.failed;

/**
 * One upload at a time with its progress in percent (null when idle): `start(upload, done)` runs
 * `upload(onProgress)`, then `done` with its answer; a failure of either is shown as a toast.
 */
export function useUploadProgress(detail: boolean | ((err: unknown) => string) = false) {
  const [progress, setProgress] = useState<number | null>(null);
  const start = async <T,>(
    upload: (onProgress: (percent: number) => void) => Promise<T>,
    done: (answer: T) => unknown,
  ) => {
    setProgress(0);
    try {
      await done(await upload(setProgress));
    } catch (err) {
      notify.error(typeof detail === 'function' ? detail(err) : uploadFailure(err, detail));
    } finally {
      setProgress(null);
    }
  };
  return { progress, start };
}

/** The outlined small button that opens a file chooser (test id `${testId}-button`), off while busy. */
export function UploadButton({
  icon,
  label,
  busy,
  disabled,
  onClick,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <ToolButton icon={icon} disabled={disabled || busy} onClick={onClick} testId={`${testId}-button`}>
      {label}
    </ToolButton>
  );
}

import { HStack, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { ProgressBar } from '../ProgressBar';
import { UploadButton, useFilePicker, useUploadProgress } from './FilePicker';
import { UploadError, type Uploaded, uploadFile } from './uploadCore';
import { checkSize, checkXlsx } from './uploadRules';

export interface FileUploadProps {
  /** Called with the stored file (its key and URL) once uploaded. */
  onUploaded: (file: Uploaded) => unknown;
  label?: string;
  maxSize?: number;
  testId?: string;
  disabled?: boolean;
}

/**
 * Why an xlsx upload failed, in words a merchant can act on: a file whose content is not a
 * spreadsheet (a renamed picture, a .xls or .csv saved as .xlsx) says so; other refusals of the
 * storage (too large, …) are shown as it words them; a lost connection is 上传失败 (spec 02 §8).
 */
export const xlsxFailure = (err: unknown): string => {
  const refusal = err instanceof UploadError ? err.refusal : undefined;
  if (refusal === messages.upload.unsupported) return messages.upload.notXlsx;
  return refusal ?? messages.upload.failed;
};

/** A single .xlsx upload (bulk import) on the same upload core as images. */
export function FileUpload({
  onUploaded,
  label = '上传文件',
  maxSize,
  testId = 'file-upload',
  disabled,
}: FileUploadProps) {
  const [name, setName] = useState<string | null>(null);
  const { progress, start } = useUploadProgress(xlsxFailure);
  const picker = useFilePicker({
    accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    testId,
    onFiles: (files) => {
      if (files.length > 1) return void notify.error('暂不支持此类文件上传');
      const file = files[0]!;
      const problem = checkXlsx(file.name) ?? checkSize(file.size, maxSize);
      if (problem) return void notify.error(problem);
      setName(file.name);
      return start((onProgress) => uploadFile(file, { fileType: 'xlsx', maxSize }, onProgress), onUploaded);
    },
  });

  return (
    <HStack gap="3" data-testid={testId}>
      <UploadButton
        icon={Upload}
        label={label}
        busy={progress !== null}
        disabled={disabled}
        onClick={picker.open}
        testId={testId}
      />
      {picker.input}
      {progress !== null && (
        <HStack gap="2" minW="160px">
          <FileSpreadsheet size={16} color="#16a34a" />
          <Text fontSize="xs" truncate maxW="120px">
            {name}
          </Text>
          <ProgressBar value={progress} size="xs" w="80px" colorPalette="green" />
        </HStack>
      )}
    </HStack>
  );
}

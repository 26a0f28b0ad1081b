import { Button, chakra, HStack, Progress, Text } from '@chakra-ui/react';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { notify } from '../../lib/notify';
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

const HiddenInput = chakra('input');

/** A single .xlsx upload (bulk import) on the same upload core as images. */
export function FileUpload({
  onUploaded,
  label = '上传文件',
  maxSize,
  testId = 'file-upload',
  disabled,
}: FileUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    if (files.length > 1) return void notify.error('暂不支持此类文件上传');
    const file = files[0];
    const problem = checkXlsx(file.name) ?? checkSize(file.size, maxSize);
    if (problem) return void notify.error(problem);
    setName(file.name);
    setProgress(0);
    try {
      const done = await uploadFile(file, { fileType: 'xlsx', maxSize }, setProgress);
      await onUploaded(done);
    } catch (err) {
      notify.error(err instanceof UploadError ? err.message : '上传失败');
    } finally {
      setProgress(null);
    }
  };

  return (
    <HStack gap="3" data-testid={testId}>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || progress !== null}
        onClick={() => inputRef.current?.click()}
        data-testid={`${testId}-button`}
      >
        <Upload size={14} />
        {label}
      </Button>
      <HiddenInput
        ref={inputRef}
        type="file"
        display="none"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => void onFiles(e.target.files)}
        data-testid={`${testId}-input`}
      />
      {progress !== null && (
        <HStack gap="2" minW="160px">
          <FileSpreadsheet size={16} color="#16a34a" />
          <Text fontSize="xs" truncate maxW="120px">
            {name}
          </Text>
          <Progress.Root value={progress} size="xs" w="80px" colorPalette="green">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </HStack>
      )}
    </HStack>
  );
}

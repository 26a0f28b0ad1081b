import { Box, Button, chakra, HStack, IconButton, Progress, Text } from '@chakra-ui/react';
import { LIMITS, messages } from '@toy/shared';
import { Film, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import { previewUrl, UploadError, uploadVideo } from './uploadCore';
import { checkType } from './uploadRules';

export interface VideoUploadProps {
  /** The stored key (or URL) of the video, '' for none. */
  value: string;
  onChange: (next: string) => void;
  /** Bytes; the spec's 100MB by default. */
  maxSize?: number;
  /** The hint under the button (the spec's says 500M while 100MB is enforced). */
  hint?: string;
  testId?: string;
  disabled?: boolean;
}

const HiddenInput = chakra('input');

/** One mp4 through the STS path, with a progress bar and a preview player. */
export function VideoUpload({
  value,
  onChange,
  maxSize = LIMITS.videoMaxBytes,
  hint,
  testId = 'video-upload',
  disabled,
}: VideoUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    const file = files[0]!;
    if (files.length > 1 || checkType(file.name, ['mp4'])) return void notify.error(messages.upload.unsupported);
    if (file.size > maxSize) return void notify.error(messages.upload.videoTooLarge);
    setProgress(0);
    try {
      const done = await uploadVideo(file, setProgress);
      onChange(done.key);
    } catch (err) {
      notify.error(err instanceof UploadError ? (err.detail ?? err.message) : messages.upload.failed);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box data-testid={testId}>
      {value ? (
        <HStack align="flex-start" gap="2">
          <Box rounded="md" overflow="hidden" bg="black" w="220px" h="124px">
            {/* biome-ignore lint/a11y/useMediaCaption: merchants' product videos carry no captions */}
            <video
              src={previewUrl(value)}
              controls
              preload="metadata"
              width="220"
              height="124"
              data-testid={`${testId}-player`}
            />
          </Box>
          {!disabled && (
            <IconButton aria-label="删除视频" size="xs" variant="ghost" onClick={() => onChange('')}>
              <X />
            </IconButton>
          )}
        </HStack>
      ) : (
        <HStack gap="3">
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || progress !== null}
            onClick={() => inputRef.current?.click()}
            data-testid={`${testId}-button`}
          >
            <Film size={14} />
            上传视频
          </Button>
          {progress !== null && (
            <HStack gap="2" data-testid={`${testId}-progress`}>
              <Progress.Root value={progress} size="xs" w="120px" colorPalette="brand">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="xs" color="fg.muted">
                {progress}%
              </Text>
            </HStack>
          )}
        </HStack>
      )}
      <HiddenInput
        ref={inputRef}
        type="file"
        display="none"
        accept=".mp4,video/mp4"
        onChange={(e) => void onFiles(e.target.files)}
        data-testid={`${testId}-input`}
      />
      <Text fontSize="xs" color="fg.muted" mt="2">
        {hint ?? messages.gacha.videoHint}
      </Text>
    </Box>
  );
}

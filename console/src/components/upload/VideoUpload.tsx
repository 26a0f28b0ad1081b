import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { LIMITS, messages } from '@toy/shared';
import { Film, X } from 'lucide-react';
import { notify } from '../../lib/notify';
import { ProgressBar } from '../ProgressBar';
import { UploadButton, useFilePicker, useUploadProgress } from './FilePicker';
import { previewUrl, uploadVideo } from './uploadCore';
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

/** One mp4 through the STS path, with a progress bar and a preview player. */
export function VideoUpload({
  value,
  onChange,
  maxSize = LIMITS.videoMaxBytes,
  hint,
  testId = 'video-upload',
  disabled,
}: VideoUploadProps) {
  const { progress, start } = useUploadProgress(true);
  const picker = useFilePicker({
    accept: '.mp4,video/mp4',
    testId,
    onFiles: (files) => {
      const file = files[0]!;
      if (files.length > 1 || checkType(file.name, ['mp4'])) return void notify.error(messages.upload.unsupported);
      if (file.size > maxSize) return void notify.error(messages.upload.videoTooLarge);
      return start(
        (onProgress) => uploadVideo(file, onProgress),
        (done) => onChange(done.key),
      );
    },
  });

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
          <UploadButton
            icon={Film}
            label="上传视频"
            busy={progress !== null}
            disabled={disabled}
            onClick={picker.open}
            testId={testId}
          />
          {progress !== null && (
            <HStack gap="2" data-testid={`${testId}-progress`}>
              <ProgressBar value={progress} size="xs" w="120px" colorPalette="brand" />
              <Text fontSize="xs" color="fg.muted">
                {progress}%
              </Text>
            </HStack>
          )}
        </HStack>
      )}
      {picker.input}
      <Text fontSize="xs" color="fg.muted" mt="2">
        {hint ?? messages.gacha.videoHint}
      </Text>
    </Box>
  );
}

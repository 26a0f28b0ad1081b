import { Box, Flex, IconButton, Image, Text } from '@chakra-ui/react';
import { messages, UPLOAD_KINDS } from '@toy/shared';
import { FilePlus, ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ProgressBar } from '../../components/ProgressBar';
import { AddTile } from '../../components/upload/AddTile';
import { uploadFailure, useFilePicker } from '../../components/upload/FilePicker';
import { previewUrl, uploadFile } from '../../components/upload/uploadCore';
import { checkCount, checkKindSize, DEFAULT_IMAGE_TYPES, extOf } from '../../components/upload/uploadRules';
import { notify } from '../../lib/notify';
import { ModelPreview } from './ModelPreview';

const m = messages.collectible;

export interface UploadedFile {
  key: string;
  url: string;
  model: boolean;
}

/**
 * Spec 03 §5 "Uploads": png/jpeg/gif up to 20MB (图片文件最大支持20MB), a glb model up to 100MB
 * (模型文件最大支持100MB) where a model is allowed, anything else 暂不支持此类文件上传.
 */
export function checkCollectibleFile(file: File, allowModel: boolean): string | null {
  const ext = extOf(file.name);
  const kind = allowModel && ext === 'glb' ? 'glb' : 'collectibleImage';
  if (!(UPLOAD_KINDS[kind].exts as readonly string[]).includes(ext)) return m.fileType;
  return checkKindSize(file.size, kind);
}

/** Sends a checked file with the collectible upload kind (image) or as a glb model. */
export async function uploadCollectible(file: File, onProgress?: (p: number) => void): Promise<UploadedFile> {
  const model = extOf(file.name) === 'glb';
  const done = await uploadFile(file, { fileType: model ? 'glb' : 'collectibleImage', prefix: 'nft' }, onProgress);
  return { key: done.key, url: done.url, model };
}

const TILE = 160;
const tile = { w: `${TILE}px`, h: `${TILE}px`, rounded: 'md', borderWidth: '1px' } as const;

/** Type 1: one file, an image (shown) or a glb model (a rotatable preview). */
export function SingleFileUpload({
  value,
  onChange,
  testId,
}: {
  value: UploadedFile | null;
  onChange: (next: UploadedFile | null) => void;
  testId: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const inputId = useId();
  const picker = useFilePicker({
    accept: [...DEFAULT_IMAGE_TYPES, 'glb'].map((x) => `.${x}`).join(','),
    id: inputId,
    testId,
    onFiles: async (files) => {
      const file = files[0]!;
      const problem = checkCollectibleFile(file, true);
      if (problem) return void notify.error(problem);
      setProgress(0);
      try {
        onChange(await uploadCollectible(file, setProgress));
      } catch (err) {
        notify.error(uploadFailure(err, true));
      } finally {
        setProgress(null);
      }
    },
  });
  return (
    <Box data-testid={testId}>
      <Flex gap="3" align="flex-start">
        {value &&
          (value.model ? (
            <ModelPreview src={value.url} size={160} testId={`${testId}-model`} />
          ) : (
            <Image
              src={previewUrl(value.key, 300)}
              alt="数字藏品"
              {...tile}
              objectFit="cover"
              data-testid={`${testId}-image`}
            />
          ))}
        {progress !== null ? (
          <Box {...tile} p="3" display="flex" flexDirection="column" justifyContent="center" gap="2">
            <Text fontSize="xs" color="fg.muted">
              上传中 {progress}%
            </Text>
            <ProgressBar value={progress} size="xs" colorPalette="brand" />
          </Box>
        ) : (
          <AddTile htmlFor={inputId} size={TILE} label={value ? '重新上传' : '上传文件'} icon={FilePlus}>
            {picker.input}
          </AddTile>
        )}
        {value && (
          <IconButton
            aria-label="删除文件"
            size="xs"
            variant="ghost"
            onClick={() => onChange(null)}
            data-testid={`${testId}-remove`}
          >
            <X />
          </IconButton>
        )}
      </Flex>
      <Text fontSize="xs" color="fg.muted" mt="2">
        支持 png/jpg/jpeg/gif 图片（不超过20MB）或 glb 3D模型（不超过100MB）
      </Text>
    </Box>
  );
}

/** Type 2: many images at once (up to `limit` in all), sent one after another; each sent one is added. */
export function MultiImageUpload({
  count,
  limit,
  onAdd,
  testId,
}: {
  count: number;
  limit: number;
  onAdd: (files: UploadedFile[]) => void;
  testId: string;
}) {
  const [done, setDone] = useState<{ sent: number; total: number } | null>(null);
  const inputId = useId();
  const picker = useFilePicker({
    accept: DEFAULT_IMAGE_TYPES.map((x) => `.${x}`).join(','),
    multiple: true,
    id: inputId,
    testId,
    onFiles: async (files) => {
      const tooMany = checkCount(files.length, count, limit);
      if (tooMany) return void notify.error(tooMany);
      const ok = files.filter((f) => {
        const problem = checkCollectibleFile(f, false);
        if (problem) notify.error(problem);
        return !problem;
      });
      const sent: UploadedFile[] = [];
      setDone({ sent: 0, total: ok.length });
      for (const file of ok) {
        try {
          sent.push(await uploadCollectible(file));
        } catch (err) {
          notify.error(uploadFailure(err, true));
        }
        setDone({ sent: sent.length, total: ok.length });
      }
      setDone(null);
      if (sent.length) onAdd(sent);
    },
  });
  return (
    <Box data-testid={testId}>
      {done ? (
        <Box {...tile} p="3" display="flex" flexDirection="column" justifyContent="center" gap="2">
          <Text fontSize="xs" color="fg.muted">
            上传中 {done.sent}/{done.total}
          </Text>
          <ProgressBar
            value={done.total ? Math.round((done.sent / done.total) * 100) : 0}
            size="xs"
            colorPalette="brand"
          />
        </Box>
      ) : (
        count < limit && (
          <AddTile htmlFor={inputId} size={TILE} label="批量上传图片" icon={ImagePlus}>
            {picker.input}
          </AddTile>
        )
      )}
      <Text fontSize="xs" color="fg.muted" mt="2">
        支持 png/jpg/jpeg/gif，单张不超过20MB，最多{limit}张（已上传{count}张）
      </Text>
    </Box>
  );
}

import { Box, Center, Flex, IconButton, Image, Text } from '@chakra-ui/react';
import { messages, UPLOAD_KINDS } from '@toy/shared';
import { X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import { ProgressBar } from '../ProgressBar';
import { AddTile } from './AddTile';
import { useCropStep } from './CropStep';
import { compressImage } from './compressImage';
import { uploadFailure, useFilePicker } from './FilePicker';
import { ZoomButton } from './ImageViewer';
import { previewUrl, readImageSize, uploadFile } from './uploadCore';
import {
  checkCount,
  checkDimensions,
  checkKindSize,
  checkType,
  DEFAULT_IMAGE_TYPES,
  formatBytes,
  type SizeRule,
} from './uploadRules';

export interface ImageUploadProps {
  /** Stored keys (or URLs) of the images. */
  value: string[];
  onChange: (next: string[]) => void;
  /** Extensions accepted (default png/jpg/jpeg/gif). */
  accept?: readonly string[];
  /** Exact pixel size, e.g. 800 × 800. */
  width?: number;
  height?: number;
  /** Minimum pixel size, e.g. 1200 × 600. */
  minWidth?: number;
  minHeight?: number;
  /** The upload kind (UPLOAD_KINDS): a goods image by default, or a digital collectible's image (20MB). */
  kind?: 'image' | 'collectibleImage';
  /** Bytes (default the kind's: the spec's 10MB per image); a larger file is refused before it is sent. */
  maxSize?: number;
  /**
   * A step between choosing and sending (the avatar's crop): the file to send, or null to drop it.
   * Without it, an exact-size slot offers a crop to its size for a picture of another size.
   */
  prepare?: (file: File) => Promise<File | null>;
  /** How many images in all (default 1). */
  limit?: number;
  testId?: string;
  disabled?: boolean;
  hint?: ReactNode;
  size?: number;
}

interface Pending {
  id: string;
  name: string;
  progress: number;
}

/** Image upload with the shared checks, a progress bar per file, previews and removal. */
export function ImageUpload(props: ImageUploadProps) {
  const {
    value,
    onChange,
    accept = DEFAULT_IMAGE_TYPES,
    width,
    height,
    minWidth,
    minHeight,
    kind = 'image',
    maxSize = UPLOAD_KINDS[kind].maxBytes,
    prepare,
    limit = 1,
    testId = 'image-upload',
    disabled,
    hint,
    size = 104,
  } = props;
  const [pending, setPending] = useState<Pending[]>([]);
  // An exact-size slot without a step of its own crops a picture of another size to its size.
  const cropSize = width && height && !prepare ? { width, height } : null;
  const cropStep = useCropStep(cropSize, testId);
  const valueRef = useRef(value);
  valueRef.current = value;
  const inputId = useId();

  const limits = { width, height, minWidth, minHeight, maxSize, fileType: kind === 'image' ? undefined : kind };

  const check = async (file: File, rule: SizeRule = limits): Promise<string | null> => {
    try {
      return checkDimensions(await readImageSize(file), rule);
    } catch (err) {
      return (err as Error).message;
    }
  };

  const onFiles = async (files: File[]) => {
    const countError = checkCount(files.length, valueRef.current.length + pending.length, limit);
    if (countError) return void notify.error(countError);
    for (const chosen of files) {
      // Type, bytes and the pixel bound before anything else (a crop step included).
      const early =
        checkType(chosen.name, accept) ??
        checkKindSize(chosen.size, kind, maxSize) ??
        (prepare ? await check(chosen, {}) : null);
      if (early) {
        notify.error(early);
        continue;
      }
      let prepared = prepare ? await prepare(chosen) : chosen;
      if (!prepared) continue;
      let problem = await check(prepared);
      // Another size than the slot's (not an animation): the message, then a crop to the size.
      const otherSize = cropSize && problem === messages.upload.imageSize(cropSize.width, cropSize.height);
      if (otherSize && !/\.gif$/i.test(prepared.name)) {
        notify.error(problem!);
        prepared = await cropStep.open(prepared);
        if (!prepared) continue;
        problem = await check(prepared);
      }
      if (problem) {
        notify.error(problem);
        continue;
      }
      const file = await compressImage(prepared);
      const id = `${Date.now()}-${Math.random()}`;
      setPending((p) => [...p, { id, name: file.name, progress: 0 }]);
      try {
        const done = await uploadFile(file, limits, (progress) =>
          setPending((p) => p.map((x) => (x.id === id ? { ...x, progress } : x))),
        );
        onChange([...valueRef.current, done.key]);
        valueRef.current = [...valueRef.current, done.key];
      } catch (err) {
        notify.error(uploadFailure(err));
      } finally {
        setPending((p) => p.filter((x) => x.id !== id));
      }
    }
  };

  const picker = useFilePicker({
    accept: accept.map((a) => `.${a}`).join(','),
    multiple: limit > 1,
    id: inputId,
    testId,
    onFiles,
  });
  /** The frame of each square: a picture, an upload in progress, the add button. */
  const tile = { w: `${size}px`, h: `${size}px`, rounded: 'md', borderWidth: '1px' } as const;

  const canAdd = !disabled && value.length + pending.length < limit;
  const rules = [
    accept.join('/'),
    width && height
      ? `${width}*${height}px`
      : minWidth || minHeight
        ? `不小于${minWidth ?? 0}*${minHeight ?? 0}px`
        : null,
    maxSize ? `不超过${formatBytes(maxSize)}` : null,
    limit > 1 ? `最多${limit}张` : null,
  ].filter(Boolean);

  return (
    <Box data-testid={testId}>
      <Flex gap="3" wrap="wrap">
        {value.map((v, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the same key may be listed twice
            key={`${v}-${i}`}
            {...tile}
            position="relative"
            overflow="hidden"
            borderColor="gray.200"
            data-testid={`${testId}-item`}
          >
            <ZoomButton
              src={previewUrl(v)}
              name={`图片${i + 1}`}
              testId={`${testId}-view`}
              viewerTestId={`${testId}-viewer`}
              w="full"
              h="full"
            >
              <Image src={previewUrl(v, 300)} alt={`图片${i + 1}`} w="full" h="full" objectFit="cover" bg="gray.50" />
            </ZoomButton>
            {!disabled && (
              <IconButton
                aria-label="删除图片"
                size="2xs"
                position="absolute"
                top="1"
                right="1"
                rounded="full"
                colorPalette="gray"
                variant="solid"
                opacity={0.85}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                data-testid={`${testId}-remove`}
              >
                <X />
              </IconButton>
            )}
          </Box>
        ))}
        {pending.map((p) => (
          <Center
            key={p.id}
            {...tile}
            borderColor="brand.200"
            bg="brand.50"
            flexDirection="column"
            gap="2"
            px="3"
            data-testid={`${testId}-progress`}
          >
            <Text fontSize="xs" color="fg.muted">
              上传中 {p.progress}%
            </Text>
            <ProgressBar value={p.progress} size="xs" w="full" colorPalette="brand" />
          </Center>
        ))}
        {canAdd && (
          <AddTile htmlFor={inputId} size={size}>
            {picker.input}
          </AddTile>
        )}
      </Flex>
      <Text fontSize="xs" color="fg.muted" mt="2">
        {hint ?? `支持 ${rules.join('，')}${cropSize ? '，尺寸不符的图片可裁剪' : ''}`}
      </Text>
      {cropStep.dialog}
    </Box>
  );
}

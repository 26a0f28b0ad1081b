import { Button } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { lazyPart } from '../../lib/lazyPart';
import { notify } from '../../lib/notify';
import { DialogShell } from '../DialogShell';
import { cropTo } from './compressImage';

// The cropper (react-easy-crop) shows only for a picture of the wrong size: loaded when first needed.
const CropArea = lazyPart(() => import('./CropArea').then((m) => m.CropArea));

interface Cropping {
  src: string;
  name: string;
  resolve: (file: File | null) => void;
}

/**
 * A crop to `size`: `open(file)` shows the picture (`view`, while `active`) and answers the chosen
 * part at that size once `finish(true)`, or null on `finish(false)`. The avatar shows `view` in its
 * own dialog; an exact-size slot uses useCropStep's dialog.
 */
export function useCrop(
  size: { width: number; height: number } | null,
  opts: { hint: string; testId: string; round?: boolean },
) {
  const [cropping, setCropping] = useState<Cropping | null>(null);
  const area = useRef<Area | null>(null);

  const open = (file: File) =>
    new Promise<File | null>((resolve) => {
      area.current = null;
      setCropping({ src: URL.createObjectURL(file), name: file.name, resolve });
    });

  const finish = async (accept: boolean) => {
    if (!cropping || !size) return;
    const { src, name, resolve } = cropping;
    setCropping(null);
    try {
      resolve(accept && area.current ? await cropTo(src, area.current, size, name) : null);
    } catch {
      notify.error(messages.upload.failed);
      resolve(null);
    } finally {
      URL.revokeObjectURL(src);
    }
  };

  const view = cropping && size && (
    <CropArea
      src={cropping.src}
      aspect={size.width / size.height}
      round={opts.round}
      onArea={(pixels) => {
        area.current = pixels;
      }}
      hint={opts.hint}
      testId={opts.testId}
    />
  );

  return { open, finish, active: cropping !== null, view };
}

/**
 * The crop step of an exact-size image slot: `open(file)` shows the picture in a dialog, in a frame
 * of the slot's shape, and answers the chosen part at the slot's size (or null when the merchant
 * cancels); `dialog` is rendered once beside the upload.
 */
export function useCropStep(size: { width: number; height: number } | null, testId: string) {
  const crop = useCrop(size, {
    hint: size ? `这张图片的尺寸不对：拖动、缩放选择要保留的区域，裁剪为 ${size.width}*${size.height}px 后上传` : '',
    testId: `${testId}-crop`,
  });

  const dialog = size && (
    <DialogShell
      open={crop.active}
      onOpenChange={(o) => {
        if (!o) void crop.finish(false);
      }}
      title="裁剪图片"
      testId={`${testId}-crop-dialog`}
      footer={
        <>
          <Button variant="outline" onClick={() => void crop.finish(false)} data-testid={`${testId}-crop-cancel`}>
            取消
          </Button>
          <Button colorPalette="brand" onClick={() => void crop.finish(true)} data-testid={`${testId}-crop-ok`}>
            裁剪并上传
          </Button>
        </>
      }
    >
      {crop.view}
    </DialogShell>
  );

  return { open: crop.open, dialog };
}

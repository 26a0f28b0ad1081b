import { Button, Table, Text } from '@chakra-ui/react';
import {
  messages,
  SKIN_LIMITS,
  type SkinImageKey,
  skinBatchNameProblem,
  skinBatchProblem,
  skinSlotOfFile,
} from '@toy/shared';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { readImageSize, uploadFile } from '../../components/upload/uploadCore';
import { notify } from '../../lib/notify';

const m = messages.skin;

/** Whether the avatar widget's 480×480 centre is transparent (the API checks it again on submit). */
async function centreIsTransparent(file: File): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return true;
    ctx.drawImage(bitmap, 0, 0);
    const inset = (bitmap.width - SKIN_LIMITS.avatarCentre) / 2;
    const { data } = ctx.getImageData(inset, inset, SKIN_LIMITS.avatarCentre, SKIN_LIMITS.avatarCentre);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 8) return false;
    return true;
  } catch {
    return true;
  }
}

export interface BatchFailure {
  name: string;
  reason: string;
}

/**
 * 批量上传: up to 100 files; each file's name (without extension) names its slot and its pixel
 * size must be the slot's (the shared table decides both, as the API does). The rest are uploaded
 * into their slots; the refused ones are listed in 批量上传失败文件 with their reason.
 */
export function SkinBatchUpload({
  onUploaded,
  disabled,
}: {
  onUploaded: (key: SkinImageKey, url: string) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<BatchFailure[]>([]);

  const run = async (files: File[]) => {
    if (files.length === 0) return;
    if (files.length > SKIN_LIMITS.batchMax) {
      notify.warning(m.batchTooMany);
      return;
    }
    setBusy(true);
    const failed: BatchFailure[] = [];
    let done = 0;
    try {
      await Promise.all(
        files.map(async (file) => {
          let size: { width: number; height: number };
          const slot = skinSlotOfFile(file.name);
          if (!slot) {
            failed.push({ name: file.name, reason: skinBatchNameProblem(file.name) ?? m.batchName });
            return;
          }
          try {
            size = await readImageSize(file);
          } catch {
            failed.push({ name: file.name, reason: messages.upload.unsupported });
            return;
          }
          const problem =
            skinBatchProblem(file.name, size) ??
            (slot.key === 'avatar_widget' && !(await centreIsTransparent(file)) ? m.avatarCentre : null);
          if (problem) {
            failed.push({ name: file.name, reason: problem });
            return;
          }
          try {
            const uploaded = await uploadFile(file, {
              width: slot.width,
              height: slot.height,
              maxSize: SKIN_LIMITS.imageMaxBytes,
              prefix: 'skin',
            });
            onUploaded(slot.key, uploaded.url);
            done += 1;
          } catch (err) {
            failed.push({ name: file.name, reason: (err as { refusal?: string }).refusal ?? messages.upload.failed });
          }
        }),
      );
    } finally {
      setBusy(false);
    }
    if (done > 0) notify.success(messages.success.uploaded);
    const order = new Map(files.map((f, i) => [f.name, i]));
    setFailures(failed.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0)));
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png"
        multiple
        hidden
        data-testid="skin-batch-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void run(files);
        }}
      />
      <Button
        variant="outline"
        onClick={() => input.current?.click()}
        loading={busy}
        disabled={disabled}
        data-testid="skin-batch"
      >
        <Upload size={16} />
        批量上传
      </Button>
      <DialogShell
        open={failures.length > 0}
        onOpenChange={(o) => !o && setFailures([])}
        title={m.batchFailedTitle}
        size="lg"
        testId="skin-batch-failures"
      >
        <Text fontSize="sm" color="fg.muted" mb="3">
          以下文件未上传，其余文件已放入对应位置
        </Text>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>文件名</Table.ColumnHeader>
              <Table.ColumnHeader>原因</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {failures.map((f) => (
              <Table.Row key={f.name} data-testid="skin-batch-failure">
                <Table.Cell>{f.name}</Table.Cell>
                <Table.Cell color="red.600">{f.reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </DialogShell>
    </>
  );
}

import { Image, Link, Stack, Text } from '@chakra-ui/react';
import { messages, SCRATCH_EXPORT_POLL_MS, type ScratchCard } from '@toy/shared';
import { scratchRoutes } from '@toy/shared/features/scratch';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { EXPORT_NOTE_BACKGROUND } from '../../components/transfer/ExportButton';
import { JobProgress } from '../../components/transfer/JobProgress';
import { type ExportFollower, useExportFollow } from '../../components/transfer/useExportFollow';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';

const m = messages.scratch;

/** A code download's sign, asked every 2 s (spec 03 §7) until the xlsx is written. */
const followSign: ExportFollower = {
  everyMs: SCRATCH_EXPORT_POLL_MS,
  firstAt: 'interval',
  queuedAtFirst: true,
  check: async (sign) => {
    const s = await call(scratchRoutes.codesExportStatus, { sign: String(sign) }, { silent: true });
    return {
      now: s.now_num,
      total: s.total_num,
      queued: s.status === 'pending',
      url: s.url,
      failed: s.status === 'failed' ? (s.msg ?? '') : null,
    };
  },
};

export interface CodesDownload {
  card: ScratchCard;
  sign: string;
  total: number;
}

/** 下载兑换码: the progress of the job behind a sign, then the file opens and its link stays. */
export function CodesDownloadDialog({ download, onClose }: { download: CodesDownload | null; onClose: () => void }) {
  // The file of this download (a file of an earlier one is not shown).
  const [done, setDone] = useState<{ sign: string; url: string } | null>(null);
  const url = download && done?.sign === download.sign ? done.url : null;
  const progress = useExportFollow(
    followSign,
    download && !url ? download.sign : null,
    (file) => {
      if (download) setDone({ sign: download.sign, url: file });
      window.open(file, '_blank', 'noopener');
    },
    (message) => {
      notify.error(message || messages.job.failed);
      onClose();
    },
  );
  const total = progress?.total ?? download?.total ?? 0;
  const now = url ? total : Math.min(progress?.now ?? 0, total);
  return (
    <DialogShell
      open={download !== null}
      onOpenChange={(o) => !o && onClose()}
      title="下载兑换码"
      size="sm"
      testId="scratch-export-dialog"
      closeOnInteractOutside={false}
      lazy={false}
    >
      <Stack gap="3" data-testid="scratch-export-progress">
        <Text fontSize="sm" color="fg.muted" truncate>
          {download?.card.title}
        </Text>
        <JobProgress
          label={url ? '文件已生成' : progress && !progress.queued ? '正在生成文件…' : '排队中…'}
          now={now}
          total={total}
          countTestId="scratch-export-count"
          animated={!url}
        />
        {url ? (
          <Link href={url} target="_blank" colorPalette="brand" data-testid="scratch-export-link">
            <Download size={14} />
            下载文件
          </Link>
        ) : (
          <Text fontSize="xs" color="fg.subtle">
            {EXPORT_NOTE_BACKGROUND}
          </Text>
        )}
      </Stack>
    </DialogShell>
  );
}

/** 活动二维码: the PNG the API made of the activity's link, with a download; or the 'generating' warning. */
export function ActivityQrDialog({ card, onClose }: { card: ScratchCard | null; onClose: () => void }) {
  const [qr, setQr] = useState<{ qrcode: string; link: string } | null>(null);
  useEffect(() => {
    setQr(null);
    if (!card) return;
    let live = true;
    call(scratchRoutes.activityQr, { id: card.id })
      .then(({ info }) => {
        if (!live) return;
        if (info.qrcode) setQr({ qrcode: info.qrcode, link: info.link });
        else {
          notify.warning(m.qrGenerating);
          onClose();
        }
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [card, onClose]);
  return (
    <DialogShell
      open={card !== null && qr !== null}
      onOpenChange={(o) => !o && onClose()}
      title="活动二维码"
      size="sm"
      testId="scratch-qr-dialog"
    >
      {qr && card && (
        <Stack align="center" gap="3">
          <Image src={qr.qrcode} alt={`${card.title} 活动二维码`} boxSize="240px" data-testid="scratch-qr-image" />
          <Text fontSize="xs" color="fg.muted" wordBreak="break-all" data-testid="scratch-qr-link">
            {qr.link}
          </Text>
          <Link
            href={qr.qrcode}
            download={`刮刮卡-${card.id}-活动二维码.png`}
            colorPalette="brand"
            data-testid="scratch-qr-download"
          >
            <Download size={14} />
            下载二维码
          </Link>
        </Stack>
      )}
    </DialogShell>
  );
}

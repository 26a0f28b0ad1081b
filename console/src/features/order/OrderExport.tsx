import { HStack, Stack, Text } from '@chakra-ui/react';
import { api, type JobInfo, messages, type OrderFilters } from '@toy/shared';
import { FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { ProgressBar } from '../../components/ProgressBar';
import { ToolButton } from '../../components/ToolButton';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';

const POLL_MS = 1000;
const open = (url: string) => window.open(url, '_blank', 'noopener');

/**
 * 批量导出: the list's filters as a spreadsheet. A small selection opens at once (data.url); a large
 * one is a job followed here with its progress (now_num / total_num), opened when done.
 */
export function OrderExport({ filters }: { filters: OrderFilters }) {
  const [job, setJob] = useState<{ id: number; total: number; info: JobInfo | null } | null>(null);
  const exporting = useAction(api.order.export);

  const start = async () => {
    const started = await exporting.trigger(filters);
    if (!started) return;
    if (started.total_num === 0) return notify.info(messages.order.exportEmpty);
    if (started.url) return open(started.url);
    setJob({ id: started.job_id!, total: started.total_num, info: null });
  };

  const jobId = job?.id ?? null;
  useEffect(() => {
    if (jobId === null) return;
    let stopped = false;
    const poll = async () => {
      if (stopped) return;
      try {
        const info = await call(api.job.status, { id: jobId }, { silent: true });
        if (stopped) return;
        if (info.status === 'done' && info.url) {
          open(info.url);
          return setJob(null);
        }
        if (info.status === 'failed') {
          notify.error(info.msg ?? messages.job.failed);
          return setJob(null);
        }
        setJob((j) => (j ? { ...j, info } : j));
      } catch {
        // A blip: the next poll tries again.
      }
      setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [jobId]);

  const now = job?.info ? Math.min(job.info.now_num, job.total) : 0;
  return (
    <>
      <ToolButton icon={FileDown} onClick={start} loading={exporting.pending} testId="order-export">
        批量导出
      </ToolButton>
      <DialogShell
        open={job !== null}
        onOpenChange={(o) => !o && setJob(null)}
        title="批量导出"
        size="sm"
        testId="order-export-dialog"
        closeOnInteractOutside={false}
        lazy={false}
      >
        {job && (
          <Stack gap="3" data-testid="order-export-progress">
            <HStack justify="space-between">
              <Text fontSize="sm" color="fg.muted">
                正在生成文件…
              </Text>
              <Text fontSize="sm" fontWeight="600" data-testid="order-export-count">
                {now} / {job.total}
              </Text>
            </HStack>
            <ProgressBar
              value={job.total ? Math.round((now / job.total) * 100) : 0}
              size="md"
              colorPalette="brand"
              striped
              animated
            />
            <Text fontSize="xs" color="fg.subtle">
              可关闭此窗口，导出会在后台继续；文件保留 24 小时。
            </Text>
          </Stack>
        )}
      </DialogShell>
    </>
  );
}

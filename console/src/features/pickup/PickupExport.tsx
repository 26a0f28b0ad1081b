import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { api, type JobInfo, messages, type PickupFilters } from '@toy/shared';
import { CheckCircle2, Download, FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { ProgressBar } from '../../components/ProgressBar';
import { ToolButton } from '../../components/ToolButton';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';

type State =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'running'; jobId: number; job: JobInfo | null; total: number }
  | { step: 'done'; url: string; total: number };

const POLL_MS = 1000;

/** Open a finished file (the browser downloads it). */
const open = (url: string) => window.open(url, '_blank', 'noopener');

/**
 * 导出发货单: the shipping sheets of exactly the list's filters. A small selection answers the file
 * at once; a large one answers a job, followed here with a progress bar (now_num of total_num).
 */
export function PickupExport({ filters, disabled }: { filters: PickupFilters; disabled?: boolean }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const exporting = useAction(api.pickup.export);

  const start = async () => {
    setState({ step: 'starting' });
    const started = await exporting.trigger(filters);
    if (!started || (started.url && started.total_num === 0)) {
      if (started) notify.info(messages.pickup.exportEmpty);
      return setState({ step: 'idle' });
    }
    if (!started.url) return setState({ step: 'running', jobId: started.job_id!, job: null, total: started.total_num });
    setState({ step: 'done', url: started.url, total: started.total_num });
    open(started.url);
  };

  const jobId = state.step === 'running' ? state.jobId : null;
  useEffect(() => {
    if (jobId === null) return;
    let stopped = false;
    const poll = async () => {
      if (stopped) return;
      try {
        const job = await call(api.job.status, { id: jobId }, { silent: true });
        if (stopped) return;
        if (job.status === 'done' && job.url) {
          setState({ step: 'done', url: job.url, total: job.total_num });
          open(job.url);
          return;
        }
        if (job.status === 'failed') {
          notify.error(job.msg ?? messages.job.failed);
          setState({ step: 'idle' });
          return;
        }
        setState((s) => (s.step === 'running' ? { ...s, job } : s));
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

  const starting = state.step === 'starting';
  const running = state.step === 'running' ? state : null;
  const now = running?.job ? Math.min(running.job.now_num, running.total) : 0;
  const percent = running?.total ? Math.round((now / running.total) * 100) : 0;

  return (
    <>
      <ToolButton icon={FileDown} onClick={start} disabled={disabled} loading={starting} testId="pickup-export">
        导出发货单
      </ToolButton>
      <DialogShell
        open={state.step === 'running' || state.step === 'done'}
        onOpenChange={(o) => !o && setState({ step: 'idle' })}
        title="导出发货单"
        size="sm"
        testId="export-dialog"
        closeOnInteractOutside={false}
        lazy={false}
      >
        {running && (
          <Stack gap="3" data-testid="export-progress">
            <HStack justify="space-between">
              <Text fontSize="sm" color="fg.muted">
                {running.job?.status === 'running' ? '正在生成文件…' : '排队中…'}
              </Text>
              <Text fontSize="sm" fontWeight="600" data-testid="export-count">
                {now} / {running.total}
              </Text>
            </HStack>
            <ProgressBar value={percent} size="md" colorPalette="brand" striped animated />
            <Text fontSize="xs" color="fg.subtle">
              可关闭此窗口，导出会在后台继续；文件保留 24 小时。
            </Text>
          </Stack>
        )}
        {state.step === 'done' && (
          <Stack gap="3" align="center" py="2" data-testid="export-done">
            <Box color="green.500">
              <CheckCircle2 size={36} />
            </Box>
            <Text>已导出 {state.total} 条发货单</Text>
            <Link href={state.url} target="_blank" colorPalette="brand" data-testid="export-link">
              <Download size={14} />
              下载文件
            </Link>
          </Stack>
        )}
      </DialogShell>
    </>
  );
}

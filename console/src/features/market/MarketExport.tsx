import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { api, LIMITS, type MarketFilters, messages } from '@toy/shared';
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
  | { step: 'polling'; sign: string; now: number; total: number }
  | { step: 'done'; url: string; total: number };

/** Spec 02 §4 "Export polling": every 3 seconds until the url appears. */
const POLL_MS = LIMITS.exportPollSeconds * 1000;

const open = (url: string) => window.open(url, '_blank', 'noopener');

/**
 * 导出 of the marketplace list (spec 02 §4): the export answers `url` (opened at once) or a
 * `query_sign`; with a sign the dialog shows `now_num / total_num` and asks again every 3 s until
 * the url appears, then opens it.
 */
export function MarketExport({ filters, disabled }: { filters: MarketFilters; disabled?: boolean }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const exporting = useAction(api.market.export);

  const start = async () => {
    setState({ step: 'starting' });
    const started = await exporting.trigger(filters);
    if (!started) return setState({ step: 'idle' });
    if (started.total_num === 0) {
      notify.info(messages.market.exportEmpty);
      return setState({ step: 'idle' });
    }
    if (started.url) {
      setState({ step: 'idle' });
      return open(started.url);
    }
    setState({ step: 'polling', sign: started.query_sign!, now: 0, total: started.total_num });
  };

  const sign = state.step === 'polling' ? state.sign : null;
  useEffect(() => {
    if (sign === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (stopped) return;
      try {
        const status = await call(api.market.exportStatus, { query_sign: sign }, { silent: true });
        if (stopped) return;
        if (status.url) {
          setState({ step: 'done', url: status.url, total: status.total_num });
          open(status.url);
          return;
        }
        if (status.msg) {
          notify.error(status.msg);
          setState({ step: 'idle' });
          return;
        }
        setState((s) => (s.step === 'polling' ? { ...s, now: status.now_num, total: status.total_num } : s));
      } catch {
        // A blip: the next poll tries again.
      }
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sign]);

  const polling = state.step === 'polling' ? state : null;
  const percent = polling?.total ? Math.round((Math.min(polling.now, polling.total) / polling.total) * 100) : 0;

  return (
    <>
      <ToolButton
        icon={FileDown}
        onClick={start}
        disabled={disabled}
        loading={state.step === 'starting'}
        testId="market-export"
      >
        导出
      </ToolButton>
      <DialogShell
        open={state.step === 'polling' || state.step === 'done'}
        onOpenChange={(o) => !o && setState({ step: 'idle' })}
        title="导出发货单"
        size="sm"
        testId="market-export-dialog"
        closeOnInteractOutside={false}
        lazy={false}
      >
        {polling && (
          <Stack gap="3" data-testid="market-export-progress">
            <HStack justify="space-between">
              <Text fontSize="sm" color="fg.muted">
                正在生成文件…
              </Text>
              <Text fontSize="sm" fontWeight="600" data-testid="market-export-count">
                {polling.now} / {polling.total}
              </Text>
            </HStack>
            <ProgressBar value={percent} size="md" colorPalette="brand" striped animated />
            <Text fontSize="xs" color="fg.subtle">
              每 {LIMITS.exportPollSeconds} 秒刷新一次进度，完成后自动打开文件。
            </Text>
          </Stack>
        )}
        {state.step === 'done' && (
          <Stack gap="3" align="center" py="2" data-testid="market-export-done">
            <Box color="green.500">
              <CheckCircle2 size={36} />
            </Box>
            <Text>已导出 {state.total} 个订单</Text>
            <Link href={state.url} target="_blank" colorPalette="brand" data-testid="market-export-link">
              <Download size={14} />
              下载文件
            </Link>
          </Stack>
        )}
      </DialogShell>
    </>
  );
}

import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { messages, type RouteDef, type RouteInput, type RouteOutput } from '@toy/shared';
import { jobRoutes } from '@toy/shared/features/job';
import { CheckCircle2, Download, FileDown } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { invalidate } from '../../lib/useCall';
import { DialogShell } from '../DialogShell';
import { ToolButton } from '../ToolButton';
import { markDownloaded } from './exportFiles';
import { JobProgress } from './JobProgress';
import { type ExportFollower, useExportFollow } from './useExportFollow';

/** What an export call answered: the file at once, or a handle (job id, sign) to follow. */
export interface ExportStarted {
  url?: string | null;
  total: number;
  handle?: string | number | null;
}

/** The note under the progress bar when the file keeps being written in the background. */
export const EXPORT_NOTE_BACKGROUND = '可关闭此窗口，导出会在后台继续；文件保留 24 小时。';

/** One feature's export: its call, how to read the answer and follow it, its words and test ids. */
export interface ExportDeclaration<D extends RouteDef> {
  route: D;
  read: (answer: RouteOutput<D>) => ExportStarted;
  follower: ExportFollower;
  /** The message when the filters select nothing. */
  empty: string;
  label: string;
  title: string;
  /** The button's test id; the dialog's parts are `${ids}export-dialog`, `-progress`, `-count`, `-done`, `-link`. */
  testId: string;
  ids: string;
  note: string;
  /** The words of the finished dialog; without them the dialog closes when the file opens. */
  doneText?: (total: number) => string;
  /** A file answered at once: opened only, or opened and shown in the finished dialog. */
  atOnce: 'open' | 'dialog';
}

type State =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'running'; handle: string | number; total: number }
  | { step: 'done'; url: string; total: number };

/** Open a finished file (the browser downloads it); the export centre counts it as taken. */
const open = (url: string) => {
  markDownloaded(url);
  window.open(url, '_blank', 'noopener');
};

/**
 * An export of exactly a list's filters. A small selection answers the file at once; a large one
 * answers a handle followed here with a progress bar (now_num / total_num) until the file opens.
 */
export function ExportButton<D extends RouteDef>({
  declaration: d,
  filters,
  disabled,
}: {
  declaration: ExportDeclaration<D>;
  filters: RouteInput<D>;
  disabled?: boolean;
}) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const exporting = useAction(d.route);

  const finish = (url: string, total: number) => {
    setState(d.doneText ? { step: 'done', url, total } : { step: 'idle' });
    open(url);
  };
  const fail = (message: string) => {
    notify.error(message || messages.job.failed);
    setState({ step: 'idle' });
  };
  const handle = state.step === 'running' ? state.handle : null;
  const progress = useExportFollow(d.follower, handle, finish, fail);

  const start = async () => {
    setState({ step: 'starting' });
    const answer = await exporting.trigger(filters);
    if (!answer) return setState({ step: 'idle' });
    const started = d.read(answer);
    if (started.total === 0) {
      notify.info(d.empty);
      return setState({ step: 'idle' });
    }
    if (started.url) {
      if (d.atOnce === 'dialog') return finish(started.url, started.total);
      setState({ step: 'idle' });
      return open(started.url);
    }
    setState({ step: 'running', handle: started.handle!, total: started.total });
    // The export centre lists it at once and follows it after this dialog closes.
    void invalidate(jobRoutes.list);
  };

  const running = state.step === 'running' ? state : null;
  const total = progress?.total ?? running?.total ?? 0;
  const now = Math.min(progress?.now ?? 0, total);
  const queued = progress ? progress.queued : d.follower.queuedAtFirst;

  return (
    <>
      <ToolButton
        icon={FileDown}
        onClick={start}
        disabled={disabled}
        loading={state.step === 'starting'}
        testId={d.testId}
      >
        {d.label}
      </ToolButton>
      <DialogShell
        open={state.step === 'running' || state.step === 'done'}
        onOpenChange={(o) => !o && setState({ step: 'idle' })}
        title={d.title}
        size="sm"
        testId={`${d.ids}export-dialog`}
        closeOnInteractOutside={false}
        lazy={false}
      >
        {running && (
          <Stack gap="3" data-testid={`${d.ids}export-progress`}>
            <JobProgress
              label={queued ? '排队中…' : '正在生成文件…'}
              now={now}
              total={total}
              countTestId={`${d.ids}export-count`}
            />
            <Text fontSize="xs" color="fg.subtle">
              {d.note}
            </Text>
          </Stack>
        )}
        {state.step === 'done' && d.doneText && (
          <Stack gap="3" align="center" py="2" data-testid={`${d.ids}export-done`}>
            <Box color="green.500">
              <CheckCircle2 size={36} />
            </Box>
            <Text>{d.doneText(state.total)}</Text>
            <Link
              href={state.url}
              target="_blank"
              colorPalette="brand"
              onClick={() => markDownloaded(state.url)}
              data-testid={`${d.ids}export-link`}
            >
              <Download size={14} />
              下载文件
            </Link>
          </Stack>
        )}
      </DialogShell>
    </>
  );
}

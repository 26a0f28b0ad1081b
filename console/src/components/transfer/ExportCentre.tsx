import { Badge, Box, Button, Circle, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import type { JobListItem } from '@toy/shared';
import { jobRoutes } from '@toy/shared/features/job';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toaster } from '../../lib/notify';
import { useCall } from '../../lib/useCall';
import { ProgressBar } from '../ProgressBar';
import { markDownloaded, useDownloaded } from './exportFiles';

/**
 * How often the list is asked again: every 2 s while a job of the user's is pending or running,
 * else every 30 s. A number, not a function of the data: SWR reads a function only when its timer
 * fires, so a job started just after a 30 s wait began would be followed only 30 s later.
 */
const pollEvery = (busy: boolean) => (busy ? 2000 : 30_000);
const isBusy = (list: JobListItem[] | undefined) =>
  (list ?? []).some((j) => j.status === 'pending' || j.status === 'running');

const STATUS: Record<JobListItem['status'], { text: string; palette: string }> = {
  pending: { text: '排队中', palette: 'gray' },
  running: { text: '生成中', palette: 'blue' },
  done: { text: '已完成', palette: 'green' },
  failed: { text: '失败', palette: 'red' },
};

/** Start a download (the file answers as an attachment, so the page stays) and remember it. */
export function downloadFile(url: string) {
  markDownloaded(url);
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Toasts when one of the user's exports finishes or fails: a job seen unfinished by an earlier
 * poll (of this page) and finished now, whether or not its dialog is still open.
 */
function useFinishedToasts(list: JobListItem[] | undefined) {
  const unfinished = useRef(new Set<number>());
  useEffect(() => {
    if (!list) return;
    for (const job of list) {
      const was = unfinished.current.has(job.id);
      if (job.status === 'pending' || job.status === 'running') {
        unfinished.current.add(job.id);
        continue;
      }
      if (!was) continue;
      unfinished.current.delete(job.id);
      if (job.status === 'done' && job.url) {
        const url = job.url;
        toaster.create({
          id: `export-done:${job.id}`,
          type: 'success',
          title: `导出完成：${job.name}`,
          duration: 8000,
          action: { label: '下载', onClick: () => downloadFile(url) },
        });
      } else if (job.status === 'failed') {
        toaster.create({
          id: `export-failed:${job.id}`,
          type: 'error',
          title: `导出失败：${job.name}`,
          duration: 8000,
        });
      }
    }
  }, [list]);
}

function FileRow({ job, downloaded }: { job: JobListItem; downloaded: boolean }) {
  const status = STATUS[job.status];
  const percent = job.total_num ? Math.round((Math.min(job.now_num, job.total_num) / job.total_num) * 100) : 0;
  return (
    <Box
      py="2.5"
      borderBottomWidth="1px"
      borderColor="gray.100"
      _last={{ borderBottomWidth: 0 }}
      data-testid="export-file"
    >
      <HStack gap="2" align="start">
        <Box color="green.600" pt="0.5">
          <FileSpreadsheet size={18} />
        </Box>
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontSize="sm" fontWeight="600" truncate title={job.name} data-testid="export-file-name">
            {job.name}
          </Text>
          <HStack gap="2">
            <Text fontSize="xs" color="fg.muted">
              {job.created_at}
            </Text>
            <Badge size="sm" colorPalette={status.palette} data-testid="export-file-status">
              {status.text}
            </Badge>
            {job.status === 'done' && !downloaded && <Circle size="2" bg="red.500" aria-label="未下载" />}
          </HStack>
        </Stack>
        {job.status === 'done' && job.url && (
          <Button
            size="xs"
            variant={downloaded ? 'ghost' : 'subtle'}
            colorPalette="brand"
            onClick={() => downloadFile(job.url!)}
            data-testid="export-file-download"
          >
            <Download size={14} />
            下载
          </Button>
        )}
      </HStack>
      {(job.status === 'running' || job.status === 'pending') && (
        <HStack mt="2" gap="2" data-testid="export-file-progress">
          <Box flex="1">
            <ProgressBar value={percent} size="sm" colorPalette="brand" striped animated />
          </Box>
          <Text fontSize="xs" color="fg.muted" minW="20" textAlign="end">
            {job.now_num} / {job.total_num}
          </Text>
        </HStack>
      )}
      {job.status === 'failed' && job.msg && (
        <Text mt="1" fontSize="xs" color="fg.error">
          {job.msg}
        </Text>
      )}
    </Box>
  );
}

/** 导出文件 in the header: the user's export files of the last 24 h, a badge for files not yet downloaded. */
export function ExportCentre() {
  const [busy, setBusy] = useState(false);
  const { data } = useCall(jobRoutes.list, {}, { silent: true, refreshInterval: pollEvery(busy) });
  const downloaded = useDownloaded();
  const list = data?.list;
  const busyNow = isBusy(list);
  useEffect(() => setBusy(busyNow), [busyNow]);
  useFinishedToasts(list);
  const fresh = (list ?? []).filter((j) => j.status === 'done' && j.url && !downloaded.includes(j.url)).length;

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton
          aria-label={fresh > 0 ? `导出文件 ${fresh}` : '导出文件'}
          variant="ghost"
          size="sm"
          position="relative"
          data-testid="export-centre"
        >
          <Download size={18} />
          {fresh > 0 && (
            <Circle
              size="4"
              bg="red.500"
              color="white"
              fontSize="2xs"
              fontWeight="700"
              position="absolute"
              top="0"
              right="0"
              data-testid="export-centre-badge"
            >
              {fresh}
            </Circle>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            w={{ base: '92vw', sm: '380px' }}
            bg="white"
            rounded="lg"
            borderWidth="1px"
            borderColor="gray.100"
            boxShadow="lg"
            data-testid="export-centre-panel"
          >
            <Popover.Header fontWeight="600" px="4" pt="3" pb="0">
              导出文件
              <Text as="span" ms="2" fontSize="xs" fontWeight="400" color="fg.muted">
                最近 24 小时
              </Text>
            </Popover.Header>
            <Popover.Body px="4" pt="1" pb="2" maxH="420px" overflowY="auto">
              {list && list.length > 0 ? (
                list.map((job) => (
                  <FileRow key={job.id} job={job} downloaded={Boolean(job.url && downloaded.includes(job.url))} />
                ))
              ) : (
                <Text py="6" textAlign="center" fontSize="sm" color="fg.muted" data-testid="export-centre-empty">
                  最近 24 小时没有导出文件
                </Text>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

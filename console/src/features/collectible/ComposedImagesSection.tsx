import { Badge, Box, Button, HStack, IconButton, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  COMPOSE_IMAGE_LIMITS,
  type ComposedImage,
  comboCount,
  composeImagesRules,
  firstFailure,
  messages,
} from '@toy/shared';
import { composedImageRoutes } from '@toy/shared/features/album';
import { Download, Layers, Plus, Trash2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { ListPagination } from '../../components/ListPagination';
import { JobProgress } from '../../components/transfer/JobProgress';
import { followJob, useExportFollow } from '../../components/transfer/useExportFollow';
import { previewUrl } from '../../components/upload/fileBase';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';

const c = messages.collectible;
const L = COMPOSE_IMAGE_LIMITS;

/** One composed image as the collectible form keeps it: the upload key, its URL and coordinates. */
export interface ComposedItem {
  pic: string;
  url: string;
  coord: string;
}

/** The pixel size of a stored picture, read by the browser. */
function sizeOf(key: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const img = new window.Image();
    img.onload = () => resolve(`${img.naturalWidth}x${img.naturalHeight}`);
    img.onerror = () => reject(new Error(c.uploadFailed));
    img.src = previewUrl(key);
  });
}

/**
 * 合成图片 (spec 03 §2 Create, §4 "Composed collectible creation"): up to 5 groups of up to 20
 * layers, the first group at the bottom. 生成 checks what the API checks, in its order (one pixel
 * size, every group filled, at most 1001 combinations), starts the job, follows its progress, then
 * shows every composed image with its coordinates and the zip. `onChange` gets the images.
 */
export function ComposedImagesSection({
  ipId,
  onChange,
}: {
  ipId: number | string | undefined;
  onChange: (items: ComposedItem[]) => void;
}) {
  const [groups, setGroups] = useState<string[][]>([[]]);
  const [checking, setChecking] = useState(false);
  const [job, setJob] = useState<{ id: number; total: number } | null>(null);
  const [result, setResult] = useState<{ items: ComposedImage[]; zip: string } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const changeGroups = (next: string[][]) => {
    setGroups(next);
    if (result) {
      setResult(null);
      onChange([]);
    }
  };

  const progress = useExportFollow(
    followJob,
    job?.id ?? null,
    async () => {
      const id = job!.id;
      try {
        const done = await call(composedImageRoutes.composedImages, { job_id: id });
        setResult({ items: done.items, zip: done.zip_url });
        setPage(1);
        onChange(done.items.map((x) => ({ pic: x.key, url: x.url, coord: x.coord })));
      } finally {
        setJob(null);
      }
    },
    (message) => {
      notify.error(message || messages.job.failed);
      setJob(null);
    },
  );

  const generate = async () => {
    if (!ipId) return void notify.error(c.brandRequired);
    setChecking(true);
    try {
      const keys = [...new Set(groups.flat())];
      const sizes = new Set(await Promise.all(keys.map(sizeOf)));
      if (sizes.size > 1) return void notify.error(c.sizeMismatch);
      const failed = firstFailure(composeImagesRules, { groups });
      if (failed) {
        if (comboCount(groups) > L.combosMax && groups.every((g) => g.length > 0)) return void setAlert(failed.message);
        return void notify.error(failed.message);
      }
      const started = await call(composedImageRoutes.composeImages, { ip_id: ipId, groups });
      setResult(null);
      onChange([]);
      setJob({ id: started.job_id, total: started.total_num });
    } catch (error) {
      if (error instanceof Error && error.message === c.uploadFailed) notify.error(c.uploadFailed);
    } finally {
      setChecking(false);
    }
  };

  const running = job !== null;
  const combos = comboCount(groups);
  const shown = result?.items.slice((page - 1) * L.pageSize, page * L.pageSize) ?? [];

  return (
    <Stack gap="4" data-testid="composed-section">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted">
          第一组在最下层，逐组向上叠加；所有图片尺寸须一致，每组最多{L.imagesMax}张，最多{L.groupsMax}组，组合数不超过
          {L.combosMax}
        </Text>
        <Badge colorPalette={combos > L.combosMax ? 'red' : 'gray'} data-testid="composed-combos">
          组合数 {combos}
        </Badge>
      </HStack>
      {groups.map((group, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: a group is its position
          key={i}
          borderWidth="1px"
          borderColor="gray.200"
          rounded="md"
          p="3"
          data-testid="composed-group"
        >
          <HStack justify="space-between" mb="2">
            <HStack gap="2">
              <Layers size={16} />
              <Text fontWeight="600">第{i + 1}组</Text>
              <Text fontSize="xs" color="fg.muted" data-testid="composed-group-count">
                {group.length}/{L.imagesMax}张
              </Text>
            </HStack>
            {groups.length > 1 && (
              <IconButton
                aria-label={`删除第${i + 1}组`}
                size="xs"
                variant="ghost"
                colorPalette="red"
                disabled={running}
                onClick={() => changeGroups(groups.filter((_, j) => j !== i))}
                data-testid="composed-group-remove"
              >
                <Trash2 />
              </IconButton>
            )}
          </HStack>
          <ImageUpload
            value={group}
            onChange={(keys) => changeGroups(groups.map((g, j) => (j === i ? keys : g)))}
            limit={L.imagesMax}
            kind="collectibleImage"
            size={72}
            disabled={running}
            testId={`composed-group-${i + 1}`}
          />
        </Box>
      ))}
      <HStack gap="3">
        <Button
          variant="outline"
          size="sm"
          onClick={() => changeGroups([...groups, []])}
          disabled={groups.length >= L.groupsMax || running}
          data-testid="composed-add-group"
        >
          <Plus size={14} />
          添加分组
        </Button>
        <Button
          colorPalette="brand"
          size="sm"
          onClick={() => void generate()}
          loading={checking || running}
          data-testid="composed-generate"
        >
          <Wand2 size={14} />
          生成
        </Button>
      </HStack>
      {running && (
        <Stack gap="2" data-testid="composed-progress">
          <JobProgress
            label={progress && !progress.queued ? '正在生成合成图片…' : '排队中…'}
            now={Math.min(progress?.now ?? 0, job.total)}
            total={progress?.total || job.total}
            countTestId="composed-count"
          />
        </Stack>
      )}
      {result && (
        <Stack gap="3" data-testid="composed-result">
          <HStack justify="space-between">
            <Text fontSize="sm" fontWeight="600">
              已生成 {result.items.length} 张
            </Text>
            <Link href={result.zip} target="_blank" colorPalette="brand" data-testid="composed-zip">
              <Download size={14} />
              下载压缩包
            </Link>
          </HStack>
          <SimpleGrid columns={{ base: 3, md: 5, xl: 8 }} gap="3">
            {shown.map((x) => (
              <Stack key={x.key} gap="1" align="center" data-testid="composed-item">
                <Image
                  src={previewUrl(x.key, 300)}
                  alt={`合成图片 ${x.coord}`}
                  boxSize="96px"
                  objectFit="contain"
                  bg="gray.50"
                  rounded="md"
                  borderWidth="1px"
                  borderColor="gray.100"
                />
                <Text fontSize="xs" color="fg.muted" data-testid="composed-coord">
                  {x.coord}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <ListPagination
            total={result.items.length}
            page={page}
            pageSize={L.pageSize}
            pageSizes={[L.pageSize]}
            onPageChange={setPage}
          />
        </Stack>
      )}
      <DialogShell
        open={alert !== null}
        onOpenChange={(o) => !o && setAlert(null)}
        title="提示"
        size="xs"
        role="alertdialog"
        testId="composed-alert"
        footer={
          <Button colorPalette="brand" onClick={() => setAlert(null)} data-testid="composed-alert-ok">
            {messages.common.confirm}
          </Button>
        }
      >
        <Text>{alert}</Text>
      </DialogShell>
    </Stack>
  );
}

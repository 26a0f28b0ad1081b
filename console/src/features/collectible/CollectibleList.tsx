import { Badge, Button, Checkbox, HStack, Text } from '@chakra-ui/react';
import { COLLECTIBLE_TYPES, type CollectibleRow, messages } from '@toy/shared';
import { collectibleRoutes } from '@toy/shared/features/collectible';
import { FolderInput, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { idColumn, pictureColumn, timeColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { textFilter } from '../../components/filters';
import { LabeledSelect } from '../../components/form/OptionSelect';
import { ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import type { AlbumOption } from '../album/options';
import { useAlbumAssignment } from '../album/SetAlbumDialog';
import { CreateButton } from './CreateButton';

// The menu (and its positioning) works once loaded, after the page is up; its button shows at once.
const CreateMenu = lazyPart(() => import('./CreateMenu').then((m) => m.CreateMenu), <CreateButton />);

const m = messages.collectible;

/**
 * 数字藏品 (tab of /nft/goods, spec 03 §2): brand, album (catalog_id) and title filters kept in the
 * address, 10 a page; rows picked with checkboxes for 批量删除 (confirmed) and 设置合辑; the
 * 创建数字藏品 menu opens the form of each type.
 */
export function CollectibleList() {
  const page = useBrandListPage(collectibleRoutes.list);
  const navigate = useNavigate();
  const rows = page.read.data?.list;
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const assign = useAlbumAssignment('collectible', page.ipId, () => setPicked(new Set()));
  const albums = assign.options;
  const { ask, dialog: confirmDialog } = useConfirm();
  const del = useAction(collectibleRoutes.delete, { success: m.deleted, invalidates: [collectibleRoutes.list] });
  const shown = (rows ?? []).filter((r) => picked.has(r.id)).map((r) => r.id);

  const toggle = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allPicked = !!rows?.length && rows.every((r) => picked.has(r.id));
  const needPicked = (then: () => void, message: string) => (shown.length ? then() : notify.error(message));
  const remove = () =>
    needPicked(
      () =>
        void ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, async () => {
          const done = await del.trigger({ ids: shown.join(',') });
          if (done !== undefined) setPicked(new Set());
        }),
      m.deleteNoneSelected,
    );

  const columns: Column<CollectibleRow>[] = [
    {
      key: 'pick',
      header: (
        <Checkbox.Root
          size="sm"
          checked={allPicked}
          onCheckedChange={() => setPicked(allPicked ? new Set() : new Set((rows ?? []).map((r) => r.id)))}
          aria-label="全选"
          data-testid="collectible-pick-all"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
      width: '40px',
      render: (r) => (
        <Checkbox.Root
          size="sm"
          checked={picked.has(r.id)}
          onCheckedChange={() => toggle(r.id)}
          aria-label={`选择 ${r.title}`}
          data-testid="collectible-pick"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    idColumn(),
    pictureColumn('pic', (r) => ({ src: r.pic, alt: r.title }), '藏品图'),
    titleColumn((r) => r.title, { header: '藏品名称' }),
    {
      key: 'type',
      header: '类型',
      render: (r) => (
        <Badge variant="subtle" colorPalette={r.file_type === 2 ? 'purple' : 'gray'}>
          {r.file_type === 2 ? '3D模型' : COLLECTIBLE_TYPES.find((t) => t.value === r.type)?.label}
        </Badge>
      ),
    },
    {
      key: 'catalog',
      header: '合辑',
      render: (r) => <Text data-testid="collectible-album">{r.catalog?.title ?? '—'}</Text>,
    },
    {
      key: 'stock',
      sort: 'stock',
      header: '库存',
      render: (r) => <Text data-testid="collectible-stock">{r.stock}</Text>,
    },
    {
      key: 'residue_stock',
      sort: 'residue_stock',
      header: '剩余库存',
      render: (r) => <Text data-testid="collectible-residue">{r.residue_stock}</Text>,
    },
    { ...timeColumn('created_at', '创建时间', (r: CollectibleRow) => r.created_at), sort: 'created_at' },
  ];

  return (
    <ListPage
      title="数字藏品"
      description="创建单个、多图或合成图数字藏品，每个文件留存防篡改凭证，铸造后可供核对"
      testId="collectible-page"
      actions={
        <HStack gap="2" wrap="wrap">
          <Button
            variant="outline"
            onClick={() => needPicked(() => assign.open(shown), m.setNoneSelected)}
            data-testid="collectible-set-album"
          >
            <FolderInput size={16} />
            设置合辑
          </Button>
          <Button variant="outline" colorPalette="red" onClick={remove} data-testid="collectible-delete">
            <Trash2 size={16} />
            批量删除
          </Button>
          <CreateMenu onPick={(type) => navigate(`/nft/goodsAdd?type=${type}`)} />
        </HStack>
      }
      filters={
        <>
          <FilterBar state={page} testId="collectible" filters={[textFilter('title', '藏品名称')]} />
          <AlbumFilter
            value={page.params.catalog_id}
            options={albums}
            onChange={(catalog_id) => page.setFilters({ catalog_id })}
          />
        </>
      }
    >
      <DataTable columns={columns} {...page.table(rows)} rowTestId="collectible-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      {assign.dialog}
      {confirmDialog}
    </ListPage>
  );
}

/** The album filter, applied at once. */
function AlbumFilter({
  value,
  options,
  onChange,
}: {
  value: number | undefined;
  options: AlbumOption[];
  onChange: (id: number | undefined) => void;
}) {
  return (
    <LabeledSelect
      label="合辑"
      w="160px"
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      options={options}
      placeholder="全部合辑"
      testId="collectible-filter-album"
    />
  );
}

import { Box, Center, HStack, IconButton, Image, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { ALBUM_LIMITS, type Album, type AlbumOption, messages } from '@toy/shared';
import { albumRoutes } from '@toy/shared/features/album';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { ActionMenu } from '../../components/ActionMenu';
import { useConfirm } from '../../components/ConfirmDialog';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const AlbumDialog = lazyPart(() => import('./AlbumDialog').then((m) => m.AlbumDialog));

const m = messages.album;

/** A whole card of the list (the call answers only id and title with easy=1, which the grid never asks). */
const isCard = (row: Album | AlbumOption): row is Album => 'data' in row;

const LIST: ListSpec = {
  name: 'album',
  title: '数字藏品合辑',
  description: '合辑收录同系列的数字藏品，卡片展示藏品数、库存与点赞数',
  add: '创建合辑',
};

/**
 * 数字藏品合辑 (spec 03 §2 "Albums"), the album tab of /nft/goods: the brand filter, a grid of 12
 * cards a page (background, logo, title, counts of collectibles, stock and likes), each with a
 * menu to edit or delete it, and 创建合辑. The brand and page are in the address.
 */
export function AlbumGrid() {
  const page = useBrandListPage(albumRoutes.list);
  const dialog = useEditDialog<Album>();
  const { ask, dialog: confirmDialog } = useConfirm();
  const del = useAction(albumRoutes.delete, { success: m.deleted, invalidates: [albumRoutes.list] });
  const remove = (a: Album) =>
    ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: a.id }),
    );
  const { rows, loading, error, onRetry } = page.table(page.read.data?.list.filter(isCard));

  return (
    <BrandListPage spec={LIST} state={page} onAdd={dialog.add}>
      {loading && !rows ? (
        <Center py="10">
          <Spinner color="brand.500" />
        </Center>
      ) : error ? (
        <Center py="10" flexDirection="column" gap="3" data-testid="list-error">
          <Text color="fg.muted" fontSize="sm">
            {error.message || '加载失败'}
          </Text>
          <Text as="button" color="brand.fg" fontSize="sm" onClick={onRetry} data-testid="list-retry">
            重试
          </Text>
        </Center>
      ) : rows?.length === 0 ? (
        <Center py="10" data-testid="list-empty">
          <Text color="fg.muted" fontSize="sm">
            暂无合辑
          </Text>
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, '2xl': 4 }} gap="5" data-testid="album-grid">
          {rows?.map((a) => (
            <AlbumCard key={a.id} album={a} onEdit={() => dialog.edit(a)} onDelete={() => void remove(a)} />
          ))}
        </SimpleGrid>
      )}
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} pageSizes={[ALBUM_LIMITS.pageSize]} />
      <AlbumDialog {...dialog.props} defaultBrandId={page.ipId} />
      {confirmDialog}
    </BrandListPage>
  );
}

function Count({ label, value, testId }: { label: string; value: number | string; testId: string }) {
  return (
    <Stack gap="0" align="center" flex="1">
      <Text fontSize="md" fontWeight="700" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

/** One album: its background with the logo over its foot, the title, the counts and the menu. */
function AlbumCard({ album, onEdit, onDelete }: { album: Album; onEdit: () => void; onDelete: () => void }) {
  const { data } = album;
  return (
    <Box
      borderWidth="1px"
      borderColor="gray.100"
      rounded="lg"
      overflow="hidden"
      bg="white"
      shadow="xs"
      data-testid="album-card"
    >
      <Box position="relative" h="120px" bg="gray.100">
        <Image src={album.bg_pic} alt={`${album.title} 背景图`} w="full" h="full" objectFit="cover" />
        <ActionMenu
          placement="bottom-end"
          minW="28"
          iconSize={14}
          trigger={
            <IconButton
              aria-label="更多操作"
              size="xs"
              variant="solid"
              colorPalette="gray"
              opacity={0.9}
              position="absolute"
              top="2"
              right="2"
              rounded="full"
              data-testid="album-menu"
            >
              <MoreHorizontal />
            </IconButton>
          }
          items={[
            { value: 'edit', icon: Pencil, label: '编辑', onClick: onEdit, testId: 'album-edit' },
            { value: 'delete', icon: Trash2, label: '删除', onClick: onDelete, testId: 'album-delete', danger: true },
          ]}
        />
        <Image
          src={album.pic}
          alt={`${album.title} LOGO`}
          boxSize="64px"
          rounded="md"
          borderWidth="3px"
          borderColor="white"
          position="absolute"
          left="4"
          bottom="-32px"
          objectFit="cover"
          bg="white"
          shadow="sm"
        />
      </Box>
      <Stack pt="10" px="4" pb="4" gap="3">
        <Text fontWeight="600" truncate data-testid="album-card-title">
          {album.title}
        </Text>
        <Text fontSize="xs" color="fg.muted" lineClamp={2} minH="2lh">
          {album.content || album.ip_title}
        </Text>
        <HStack bg="gray.50" rounded="md" py="2" gap="0">
          <Count label="藏品" value={data.goods_num} testId="album-goods" />
          <Count label="剩余库存" value={`${data.surplus_stock_num}/${data.stock_num}`} testId="album-stock" />
          <Count label="点赞" value={album.like_num} testId="album-likes" />
        </HStack>
      </Stack>
    </Box>
  );
}

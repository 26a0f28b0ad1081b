import { Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { LoadingLines } from '../../components/DataTable';
import { TabList } from '../../components/TabList';
import { lazyPart } from '../../lib/lazyPart';
import { CollectibleList } from './CollectibleList';

// The other tabs are mounted when chosen (lazyMount) and their code loaded then.
const AlbumGrid = lazyPart(() => import('../album/AlbumGrid').then((m) => m.AlbumGrid), <LoadingLines lines={6} />);
const ComposeRuleList = lazyPart(
  () => import('../compose-rule/ComposeRuleList').then((m) => m.ComposeRuleList),
  <LoadingLines lines={6} />,
);

/**
 * /nft/goods (spec 03 §2): digital collectibles, albums and compose rules, one tab each. The tab is
 * in the address (`tab`), and each tab keeps its own filters there too; switching tabs starts
 * the new tab's filters afresh.
 */
const TABS = [
  { value: 'goods', label: '数字藏品', Panel: CollectibleList },
  { value: 'album', label: '数字藏品合辑', Panel: AlbumGrid },
  { value: 'compose', label: '合成规则', Panel: ComposeRuleList },
] as const;

export default function CollectiblePage() {
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((t) => t.value === search.get('tab'))?.value ?? 'goods';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(e) => setSearch(e.value === 'goods' ? {} : { tab: e.value })}
      variant="enclosed"
      lazyMount
      unmountOnExit
      data-testid="collectible-tabs"
    >
      <TabList prefix="collectible" tabs={TABS} mb="4" />
      {TABS.map(({ value, Panel }) => (
        <Tabs.Content key={value} value={value}>
          <Panel />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

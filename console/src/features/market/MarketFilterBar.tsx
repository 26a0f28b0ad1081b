import { Field, HStack, Text } from '@chakra-ui/react';
import { DEFAULT_RANGE_TIMES, MARKET_DELIVERY_STATUSES, MARKET_PLATFORMS, PER_ID } from '@toy/shared';
import type { ReactNode } from 'react';
import { BrandFilter } from '../../components/BrandSelect';
import { DateTimeInput } from '../../components/DateTimeInput';
import { FilterInput, SearchButtons, useFilterDrafts } from '../../components/FilterInput';
import { OptionSelect } from '../../components/form/controls';

/** The list's URL state the bar works on (the marketplace list's useBrandListPage). */
export interface MarketFilterState {
  params: {
    ip_id?: number;
    platform?: string;
    goods_title?: string;
    begin_at?: string;
    end_at?: string;
    delivery_status?: number;
  };
  ipId: number | undefined;
  onBrand(id: number | undefined, meta: { auto: boolean }): void;
  setFilters(patch: Record<string, unknown>): void;
  reset(keep?: string[]): void;
}

const PLATFORMS = MARKET_PLATFORMS.map((p) => ({ value: p.value, label: p.label }));
const STATUSES = MARKET_DELIVERY_STATUSES.map((s) => ({ value: s.value, label: s.label }));

/** A range runs from 00:00:00 to 23:59:59 by default (spec 02 §9): a day picked as the end ends at 23:59:59. */
const endOfDay = (value: string) =>
  value.endsWith(` ${DEFAULT_RANGE_TIMES[0]}`) ? `${value.slice(0, 10)} ${DEFAULT_RANGE_TIMES[1]}` : value;

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="sm" color="fg.muted">
        {label}
      </Field.Label>
      {children}
    </Field.Root>
  );
}

/**
 * Filters of 第三方平台发货 (spec 02 §2 screen 6): brand (applied at once), then platform, goods
 * title, the date range and the delivery status, applied together by 搜索; 重置 keeps the brand.
 */
export function MarketFilterBar({ state, children }: { state: MarketFilterState; children?: ReactNode }) {
  const p = state.params;
  const { drafts, set, resetting } = useFilterDrafts({
    platform: p.platform ?? '',
    goods_title: p.goods_title ?? '',
    begin_at: p.begin_at ?? '',
    end_at: p.end_at ?? '',
    delivery_status: p.delivery_status === undefined ? '' : String(p.delivery_status),
  });
  const search = () =>
    state.setFilters({
      platform: drafts.platform || undefined,
      goods_title: drafts.goods_title.trim() || undefined,
      begin_at: drafts.begin_at || undefined,
      end_at: drafts.end_at || undefined,
      delivery_status: drafts.delivery_status === '' ? undefined : Number(drafts.delivery_status),
    });
  return (
    <>
      <BrandFilter perId={PER_ID.box} value={state.ipId} onChange={state.onBrand} testId="market-filter-brand" />
      <Labelled label="平台">
        <OptionSelect
          label="平台"
          size="sm"
          w="140px"
          value={drafts.platform}
          onChange={set('platform')}
          options={PLATFORMS}
          placeholder="全部"
          testId="market-filter-platform"
        />
      </Labelled>
      <FilterInput
        label="商品名称"
        value={drafts.goods_title}
        onChange={set('goods_title')}
        onEnter={search}
        testId="market-filter-title"
      />
      <Labelled label="创建时间">
        <HStack gap="1">
          <DateTimeInput
            value={drafts.begin_at}
            onChange={set('begin_at')}
            placeholder="开始时间"
            aria-label="开始时间"
            testId="market-filter-begin"
          />
          <Text color="fg.muted">至</Text>
          <DateTimeInput
            value={drafts.end_at}
            onChange={(v) => set('end_at')(endOfDay(v))}
            placeholder="结束时间"
            aria-label="结束时间"
            testId="market-filter-end"
          />
        </HStack>
      </Labelled>
      <Labelled label="发货状态">
        <OptionSelect
          label="发货状态"
          size="sm"
          w="130px"
          value={drafts.delivery_status}
          onChange={set('delivery_status')}
          options={STATUSES}
          placeholder="全部"
          testId="market-filter-status"
        />
      </Labelled>
      <SearchButtons onSearch={search} onReset={resetting(() => state.reset(['ip_id']))} testId="market">
        {children}
      </SearchButtons>
    </>
  );
}

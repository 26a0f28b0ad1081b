import { Field, HStack } from '@chakra-ui/react';
import { ACTIVITY_TYPES, GOODS_NAME_TYPES, ORDER_STATUS_FILTER, PER_ID } from '@toy/shared';
import { BrandFilter } from '../../components/BrandSelect';
import { DateTimeInput } from '../../components/DateTimeInput';
import { FilterInput, SearchButtons, useFilterDrafts } from '../../components/FilterInput';
import { OptionSelect } from '../../components/form/controls';

/** The filters the bar drafts (as text) before 搜索 applies them to the URL. */
export interface OrderFilterValues {
  active_type?: number;
  state?: number;
  active_name?: string;
  goods_name?: string;
  keyword?: string;
  begin_at?: string;
  end_at?: string;
}

const TYPE_OPTIONS = ACTIVITY_TYPES.map((t) => ({ value: String(t.value), label: t.label }));
const STATUS_OPTIONS = ORDER_STATUS_FILTER.map((s) => ({ value: String(s.value), label: s.label }));
const showsGoodsName = (type: string) => (GOODS_NAME_TYPES as readonly number[]).includes(Number(type));
const num = (v: string) => (v === '' ? undefined : Number(v));
const text = (v: string) => v.trim() || undefined;

/** A range's end picked as a day (its time 00:00:00) reads to the end of that day (spec 02 §9). */
const endOfDay = (v: string) => (v.endsWith(' 00:00:00') ? v.replace(/ 00:00:00$/, ' 23:59:59') : v);

/**
 * The order list's filter bar (spec 02 §2 screen 1): brand (applied at once), activity type,
 * activity name, goods name (types 13 and 14 only), status, date range (00:00:00–23:59:59) and
 * keyword (order number, nickname, name or phone); 搜索 applies, 重置 clears all but the brand.
 */
export function OrderFilterBar({
  params,
  ipId,
  onBrand,
  apply,
  reset,
  children,
}: {
  params: OrderFilterValues;
  ipId: number | undefined;
  onBrand: (id: number | undefined, meta: { auto: boolean }) => void;
  apply: (values: OrderFilterValues) => void;
  reset: () => void;
  children?: React.ReactNode;
}) {
  const { drafts, set, resetting } = useFilterDrafts({
    active_type: params.active_type === undefined ? '' : String(params.active_type),
    state: params.state === undefined ? '' : String(params.state),
    active_name: params.active_name ?? '',
    goods_name: params.goods_name ?? '',
    keyword: params.keyword ?? '',
    begin_at: params.begin_at ?? '',
    end_at: params.end_at ?? '',
  });
  const search = () =>
    apply({
      active_type: num(drafts.active_type),
      state: num(drafts.state),
      active_name: text(drafts.active_name),
      goods_name: showsGoodsName(drafts.active_type) ? text(drafts.goods_name) : undefined,
      keyword: text(drafts.keyword),
      begin_at: text(drafts.begin_at),
      end_at: text(drafts.end_at),
    });
  return (
    <>
      <BrandFilter perId={PER_ID.box} value={ipId} onChange={onBrand} testId="order-filter-brand" />
      <Field.Root w="auto">
        <Field.Label fontSize="sm" color="fg.muted">
          活动类型
        </Field.Label>
        <OptionSelect
          label="活动类型"
          value={drafts.active_type}
          onChange={set('active_type')}
          options={TYPE_OPTIONS}
          placeholder="全部"
          size="sm"
          w="130px"
          testId="order-filter-type"
        />
      </Field.Root>
      <FilterInput
        label="活动名称"
        value={drafts.active_name}
        onChange={set('active_name')}
        onEnter={search}
        width="160px"
        testId="order-filter-active"
      />
      {showsGoodsName(drafts.active_type) && (
        <FilterInput
          label="商品名称"
          value={drafts.goods_name}
          onChange={set('goods_name')}
          onEnter={search}
          width="160px"
          testId="order-filter-goods"
        />
      )}
      <Field.Root w="auto">
        <Field.Label fontSize="sm" color="fg.muted">
          订单状态
        </Field.Label>
        <OptionSelect
          label="订单状态"
          value={drafts.state}
          onChange={set('state')}
          options={STATUS_OPTIONS}
          placeholder="全部"
          size="sm"
          w="120px"
          testId="order-filter-state"
        />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label fontSize="sm" color="fg.muted">
          下单时间
        </Field.Label>
        <HStack gap="1">
          <DateTimeInput
            value={drafts.begin_at}
            onChange={set('begin_at')}
            placeholder="开始时间"
            aria-label="开始时间"
            testId="order-filter-begin"
          />
          <DateTimeInput
            value={drafts.end_at}
            onChange={(v) => set('end_at')(endOfDay(v))}
            placeholder="结束时间"
            aria-label="结束时间"
            testId="order-filter-end"
          />
        </HStack>
      </Field.Root>
      <FilterInput
        label="关键词"
        placeholder="订单号/昵称/姓名/手机号"
        value={drafts.keyword}
        onChange={set('keyword')}
        onEnter={search}
        width="200px"
        testId="order-filter-keyword"
      />
      <SearchButtons onSearch={search} onReset={resetting(reset)} testId="order">
        {children}
      </SearchButtons>
    </>
  );
}

import { Badge, HStack } from '@chakra-ui/react';
import { PER_ID, type PermissionId } from '@toy/shared';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { lazyPart } from '../lib/lazyPart';
import { useIsMobile } from '../lib/useIsMobile';
import { BrandFilter } from './BrandSelect';
import { DateRangeBoxes, FilterInput, SearchButtons, useFilterDrafts } from './FilterInput';
import {
  activeCount,
  DAY_END,
  DAY_START,
  draftsOf,
  type FilterField,
  namesOf,
  type RangeField,
  readFilters,
  type SelectField,
  shows,
} from './filters';
import { LabeledSelect } from './form/OptionSelect';
import { ToolButton } from './ToolButton';

// A phone's drawer, opened by 筛选: loaded after the list is up.
const FilterDrawer = lazyPart(() => import('./FilterDrawer').then((m) => m.FilterDrawer));

/** The list state a filter bar works on (useBrandListPage's). */
export interface FilterState {
  schema: z.ZodObject;
  params: Record<string, unknown>;
  ipId: number | undefined;
  /** The permission the brands are listed for (the list call's; 14 when not given). */
  perId?: PermissionId;
  /** The list answers every brand when none is chosen: the brand filter offers 全部品牌. */
  allBrands?: boolean;
  onBrand(id: number | undefined, meta: { auto: boolean }): void;
  setFilters(patch: Record<string, unknown>): void;
  reset(keep?: string[]): void;
}

type Drafts = Record<string, string>;

/**
 * The one filter bar of the console's lists, laid out from the page's declared `filters`
 * (components/filters.ts): the brand (applied at once; first unless declared elsewhere), text boxes,
 * selects and whole-day date ranges, drafted and applied by 搜索 or Enter; 重置 clears all but the
 * brand (`reset={false}`: no 重置). `children` (export, import…) stand beside the buttons. On a
 * phone the filters fold into a drawer behind 筛选 (with the number in use), so a list opens on its rows.
 */
export function FilterBar({
  state,
  testId,
  filters = [],
  reset = true,
  children,
}: {
  state: FilterState;
  testId: string;
  filters?: readonly FilterField[];
  reset?: boolean;
  children?: ReactNode;
}) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const fields: readonly FilterField[] = filters.some((f) => f.kind === 'brand')
    ? filters
    : [{ kind: 'brand' }, ...filters];
  const { drafts, set, resetting } = useFilterDrafts(draftsOf(fields, state.params));
  const search = () => {
    state.setFilters(readFilters(fields, state.schema, drafts));
    setOpen(false);
  };
  const onReset = reset
    ? resetting(() => {
        state.reset(['ip_id']);
        setOpen(false);
      })
    : undefined;
  const brand = (perId?: PermissionId) => (
    <BrandFilter
      key="brand"
      perId={perId ?? state.perId ?? PER_ID.box}
      value={state.ipId}
      onChange={state.onBrand}
      defaultFirst={!state.allBrands}
      allOption={state.allBrands}
      testId={`${testId}-filter-brand`}
    />
  );
  const brandField = fields.find((f) => f.kind === 'brand');
  const rest = fields.filter(
    (f): f is Exclude<FilterField, { kind: 'brand' }> => f.kind !== 'brand' && shows(f, drafts),
  );
  const controls = (full: boolean) =>
    rest.map((f) => (
      <FilterControl key={namesOf(f).join()} field={f} full={full} {...{ drafts, set, search, testId }} />
    ));
  const buttons = (inner?: ReactNode) => (
    <SearchButtons onSearch={search} onReset={onReset} testId={testId}>
      {inner}
    </SearchButtons>
  );

  if (!mobile || rest.length === 0)
    return (
      <>
        {fields.map((f) => (f.kind === 'brand' ? brand(f.perId) : null))}
        {controls(false)}
        {rest.length > 0 ? buttons(children) : children}
      </>
    );

  const count = activeCount(rest, state.params, state.schema);
  return (
    <>
      {brand(brandField?.kind === 'brand' ? brandField.perId : undefined)}
      <HStack gap="2" wrap="wrap">
        <ToolButton icon={SlidersHorizontal} onClick={() => setOpen(true)} testId={`${testId}-filters-open`}>
          筛选
          {count > 0 && (
            <Badge colorPalette="brand" variant="solid" rounded="full" ms="1">
              {count}
            </Badge>
          )}
        </ToolButton>
        {children}
      </HStack>
      <FilterDrawer open={open} onOpenChange={setOpen} testId={testId} controls={controls(true)} buttons={buttons()} />
    </>
  );
}

/** One declared filter's control: a text box, a select or a date range. */
function FilterControl({
  field,
  full,
  drafts,
  set,
  search,
  testId,
}: {
  field: Exclude<FilterField, { kind: 'brand' }>;
  full: boolean;
  drafts: Drafts;
  set: (name: string) => (text: string) => void;
  search: () => void;
  testId: string;
}) {
  if (field.kind === 'text')
    return (
      <FilterInput
        label={field.label}
        value={drafts[field.name] ?? ''}
        onChange={set(field.name)}
        onEnter={search}
        placeholder={field.placeholder}
        inputMode={field.inputMode}
        width={full ? '100%' : field.width}
        testId={`${testId}-filter-${field.testId ?? field.name}`}
      />
    );
  if (field.kind === 'select')
    return <SelectControl field={field} full={full} drafts={drafts} set={set} testId={testId} />;
  return <RangeControl field={field} full={full} drafts={drafts} set={set} testId={testId} />;
}

function SelectControl({
  field,
  full,
  drafts,
  set,
  testId,
}: {
  field: SelectField;
  full: boolean;
  drafts: Drafts;
  set: (name: string) => (text: string) => void;
  testId: string;
}) {
  const hasAll = field.options.some((o) => o.label === '全部');
  return (
    <LabeledSelect
      label={field.label}
      value={drafts[field.name] ?? ''}
      onChange={set(field.name)}
      options={field.options}
      placeholder={hasAll ? undefined : '全部'}
      w={field.width ?? '130px'}
      full={full}
      testId={`${testId}-filter-${field.testId ?? field.name}`}
    />
  );
}

function RangeControl({
  field,
  full,
  drafts,
  set,
  testId,
}: {
  field: RangeField;
  full: boolean;
  drafts: Drafts;
  set: (name: string) => (text: string) => void;
  testId: string;
}) {
  const [from, to] = namesOf(field) as [string, string];
  const ids = field.testId ? [`${field.testId}-from`, `${field.testId}-to`] : ['begin', 'end'];
  return (
    <DateRangeBoxes
      label={field.label}
      from={drafts[from] ?? ''}
      to={drafts[to] ?? ''}
      onFrom={set(from)}
      onTo={set(to)}
      testIds={[`${testId}-filter-${ids[0]}`, `${testId}-filter-${ids[1]}`]}
      dayTimes={[DAY_START, DAY_END]}
      full={full}
    />
  );
}

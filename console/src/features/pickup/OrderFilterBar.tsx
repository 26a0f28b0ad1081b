import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { PER_ID } from '@toy/shared';
import type { ReactNode } from 'react';
import { BrandFilter } from '../../components/BrandSelect';
import { DateTimeInput } from '../../components/DateTimeInput';
import type { FilterState, TextFilter } from '../../components/FilterBar';
import { FilterInput, SearchButtons, useFilterDrafts } from '../../components/FilterInput';
import { readFilter } from '../../components/listParams';

/** A select of a filter bar: the list query's field `name` and its options ('' for all). */
export interface SelectFilter {
  name: string;
  label: string;
  options: readonly { value: string | number; label: string }[];
  testId?: string;
}

/** Day bounds the range starts from when a date is typed without a time (spec 02 §9). */
const DAY_START = ' 00:00:00';
const DAY_END = ' 23:59:59';
const withTime = (value: string, end: boolean) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value + (end ? DAY_END : DAY_START) : value;

/**
 * The filter bar of the order lists: the brand (applied at once), text boxes, selects and the
 * begin_at / end_at range, drafted and applied by 搜索 (or Enter), 重置 keeping the brand.
 */
export function OrderFilterBar({
  state,
  testId,
  texts = [],
  selects = [],
  range = true,
  children,
}: {
  state: FilterState;
  testId: string;
  texts?: readonly TextFilter[];
  selects?: readonly SelectFilter[];
  range?: boolean;
  children?: ReactNode;
}) {
  const names = [...texts.map((t) => t.name), ...selects.map((s) => s.name), ...(range ? ['begin_at', 'end_at'] : [])];
  const { drafts, set, resetting } = useFilterDrafts(
    Object.fromEntries(names.map((n) => [n, state.params[n] === undefined ? '' : String(state.params[n])])),
  );
  const search = () =>
    state.setFilters(
      Object.fromEntries(
        names.map((n) => [
          n,
          readFilter(
            state.schema.shape[n],
            n === 'begin_at' || n === 'end_at' ? withTime(drafts[n] ?? '', n === 'end_at') : (drafts[n] ?? ''),
          ),
        ]),
      ),
    );
  return (
    <>
      <BrandFilter perId={PER_ID.box} value={state.ipId} onChange={state.onBrand} testId={`${testId}-filter-brand`} />
      {texts.map((t) => (
        <FilterInput
          key={t.name}
          label={t.label}
          value={drafts[t.name] ?? ''}
          onChange={set(t.name)}
          onEnter={search}
          width={t.width}
          testId={`${testId}-filter-${t.testId ?? t.name}`}
        />
      ))}
      {selects.map((s) => (
        <Field.Root key={s.name} w="auto">
          <Field.Label fontSize="sm" color="fg.muted">
            {s.label}
          </Field.Label>
          <NativeSelect.Root size="sm" w="130px">
            <NativeSelect.Field
              value={drafts[s.name] ?? ''}
              onChange={(e) => set(s.name)(e.target.value)}
              data-testid={`${testId}-filter-${s.testId ?? s.name}`}
            >
              {s.options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ))}
      {range && (
        <Field.Root w="auto">
          <Field.Label fontSize="sm" color="fg.muted">
            时间范围
          </Field.Label>
          <HStack gap="1">
            <DateTimeInput
              value={drafts.begin_at ?? ''}
              onChange={set('begin_at')}
              placeholder="开始时间"
              testId={`${testId}-filter-begin`}
            />
            <DateTimeInput
              value={drafts.end_at ?? ''}
              onChange={set('end_at')}
              placeholder="结束时间"
              testId={`${testId}-filter-end`}
            />
          </HStack>
        </Field.Root>
      )}
      <SearchButtons onSearch={search} onReset={resetting(() => state.reset(['ip_id']))} testId={testId}>
        {children}
      </SearchButtons>
    </>
  );
}

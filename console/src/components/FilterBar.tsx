import { PER_ID, type PermissionId } from '@toy/shared';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { BrandFilter } from './BrandSelect';
import { FilterInput, SearchButtons, useFilterDrafts } from './FilterInput';
import { readFilter } from './listParams';

/** A text box of a filter bar: the list query's field `name`, its label and look. */
export interface TextFilter {
  name: string;
  label: string;
  /** The box's test id is `${bar}-filter-${testId ?? name}`. */
  testId?: string;
  width?: string;
  inputMode?: 'numeric';
}

/** The list state a filter bar works on (useBrandListPage's). */
export interface FilterState {
  schema: z.ZodObject;
  params: Record<string, unknown>;
  ipId: number | undefined;
  /** The permission the brands are listed for (the list call's; 14 when not given). */
  perId?: PermissionId;
  onBrand(id: number | undefined, meta: { auto: boolean }): void;
  setFilters(patch: Record<string, unknown>): void;
  reset(keep?: string[]): void;
}

/**
 * The filter bar of a brand's list: the brand (`${testId}-filter-brand`, applied at once), then the
 * text boxes, applied by 搜索 or Enter and read by the list query's own fields, then 搜索 and
 * 重置 (which keeps the brand; `reset={false}` leaves it out) and `children` beside them.
 */
export function FilterBar({
  state,
  testId,
  texts = [],
  reset = true,
  children,
}: {
  state: FilterState;
  testId: string;
  texts?: readonly TextFilter[];
  reset?: boolean;
  children?: ReactNode;
}) {
  const { drafts, set, resetting } = useFilterDrafts(
    Object.fromEntries(texts.map((t) => [t.name, String(state.params[t.name] ?? '')])),
  );
  const search = () =>
    state.setFilters(
      Object.fromEntries(texts.map((t) => [t.name, readFilter(state.schema.shape[t.name], drafts[t.name] ?? '')])),
    );
  return (
    <>
      <BrandFilter
        perId={state.perId ?? PER_ID.box}
        value={state.ipId}
        onChange={state.onBrand}
        testId={`${testId}-filter-brand`}
      />
      {texts.map((t) => (
        <FilterInput
          key={t.name}
          label={t.label}
          value={drafts[t.name] ?? ''}
          onChange={set(t.name)}
          onEnter={search}
          inputMode={t.inputMode}
          width={t.width}
          testId={`${testId}-filter-${t.testId ?? t.name}`}
        />
      ))}
      {texts.length > 0 && (
        <SearchButtons onSearch={search} onReset={reset ? resetting(() => state.reset(['ip_id'])) : undefined} testId={testId}>
          {children}
        </SearchButtons>
      )}
    </>
  );
}

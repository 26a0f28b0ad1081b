import { Field, NativeSelect } from '@chakra-ui/react';
import type { PermissionId } from '@toy/shared';
import { brandRoutes } from '@toy/shared/features/brand';
import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useNavigation } from 'react-router-dom';
import { useCall } from '../lib/useCall';
import { useBrandWord } from '../session/useBrandWord';

export interface BrandSelectProps {
  /** The permission id whose brands to list (14 for box pages, 15 for coupons). */
  perId?: PermissionId;
  value: number | undefined;
  /** `auto` is true when the select picked the default itself (write it with history replace). */
  onChange: (id: number | undefined, meta: { auto: boolean }) => void;
  /** Pick the first brand when none is chosen (default true). */
  defaultFirst?: boolean;
  /** The empty choice reads 全部品牌 (全部店铺): the list answers every brand without one. */
  allOption?: boolean;
  placeholder?: string;
  testId?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

/**
 * What the select's empty choice says: 加载中… while the brands load, and while the first is about to
 * be picked for the merchant (so 请选择品牌 never flashes beside a loading list); 全部品牌 where the
 * list answers every brand; 请选择品牌 (or the form's own placeholder) where the merchant must choose;
 * 暂无品牌 when there is none. 店铺 for a shop account.
 */
export function emptyChoice(state: {
  loading: boolean;
  picking: boolean;
  allOption: boolean;
  count: number;
  placeholder?: string;
  word: string;
}): string {
  if (state.loading) return '加载中…';
  if (state.allOption) return `全部${state.word}`;
  if (state.count === 0) return `暂无${state.word}`;
  return state.picking ? '加载中…' : (state.placeholder ?? `请选择${state.word}`);
}

/** The merchant's own brands (brandRoutes.mine); labelled 品牌 or 店铺 by auth type. */
export function BrandSelect({
  perId,
  value,
  onChange,
  defaultFirst = true,
  allOption = false,
  placeholder,
  testId,
  disabled,
  size = 'md',
}: BrandSelectProps) {
  const word = useBrandWord();
  const { data, isLoading } = useCall(brandRoutes.mine, { per_id: perId });
  const brands = data?.ips ?? [];

  // Not while the merchant is leaving for another page (its code still loading): writing the pick
  // into this page's URL then would cancel that navigation and keep them here. The router's own state
  // is read when the pick would be made, since the rendered one lags a navigation just begun (React
  // renders it as a transition, after the brands may have arrived); the rendered one runs the check
  // again once the navigation is over.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const navigation = useNavigation().state;
  useEffect(() => {
    if (!defaultFirst || !data || brands.length === 0) return;
    if ((router?.state.navigation.state ?? navigation) !== 'idle') return;
    if (value === undefined || !brands.some((b) => b.id === value)) onChange(brands[0].id, { auto: true });
  }, [defaultFirst, data, brands, value, onChange, navigation, router]);

  return (
    <NativeSelect.Root size={size} disabled={disabled || isLoading} minW="180px">
      <NativeSelect.Field
        aria-label={word}
        data-testid={testId}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined, { auto: false })}
      >
        <option value="">
          {emptyChoice({
            loading: isLoading,
            picking: defaultFirst && value === undefined,
            allOption,
            count: brands.length,
            placeholder,
            word,
          })}
        </option>
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.title}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** BrandSelect with its 品牌/店铺 label, for filter bars. */
export function BrandFilter(props: BrandSelectProps) {
  const word = useBrandWord();
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="sm" color="fg.muted">
        {word}
      </Field.Label>
      <BrandSelect size="sm" {...props} />
    </Field.Root>
  );
}

import { Field, NativeSelect } from '@chakra-ui/react';
import type { PermissionId } from '@toy/shared';
import { brandRoutes } from '@toy/shared/features/brand';
import { useEffect } from 'react';
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

  useEffect(() => {
    if (!defaultFirst || !data || brands.length === 0) return;
    if (value === undefined || !brands.some((b) => b.id === value)) onChange(brands[0].id, { auto: true });
  }, [defaultFirst, data, brands, value, onChange]);

  return (
    <NativeSelect.Root size={size} disabled={disabled || isLoading} minW="180px">
      <NativeSelect.Field
        aria-label={word}
        data-testid={testId}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined, { auto: false })}
      >
        <option value="">
          {isLoading
            ? '加载中…'
            : allOption
              ? `全部${word}`
              : brands.length
                ? (placeholder ?? `请选择${word}`)
                : `暂无${word}`}
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

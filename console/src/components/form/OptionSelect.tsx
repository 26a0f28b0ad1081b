import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps, Ref } from 'react';

/** An option of a select or a radio row. */
export interface Option {
  value: string | number;
  label: string;
}

/** A native select of the given options, with an empty first option (the placeholder) when one is given. */
export function OptionSelect({
  label,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  testId,
  size,
  w,
  ref,
}: {
  /** The select's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly Option[];
  placeholder?: string;
  testId: string;
  size?: 'sm' | 'md';
  w?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  return (
    <NativeSelect.Root size={size} w={w}>
      <NativeSelect.Field
        ref={ref}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        data-testid={testId}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A small select under its muted label, as the filters show it; `full` spreads it across the row. */
export function LabeledSelect({
  w,
  full,
  ...select
}: Omit<ComponentProps<typeof OptionSelect>, 'size' | 'ref'> & { w: string; full?: boolean }) {
  return (
    <Field.Root w={full ? 'full' : 'auto'}>
      <Field.Label fontSize="sm" color="fg.muted">
        {select.label}
      </Field.Label>
      <OptionSelect {...select} size="sm" w={full ? 'full' : w} />
    </Field.Root>
  );
}

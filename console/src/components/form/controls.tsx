import { Group, Input, InputAddon, InputGroup } from '@chakra-ui/react';
import type { Ref } from 'react';

// Each control is its own module, so a page takes only the controls it shows (a list's filters
// need the select, not the switch or the radio row).
export { Choice } from './Choice';
export { type Option, OptionSelect } from './OptionSelect';
export { Toggle } from './Toggle';

/** An amount in yuan: a decimal input after "¥". */
export function MoneyInput({
  value,
  onChange,
  onBlur,
  placeholder,
  disabled,
  testId,
  ref,
  currency = '¥',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  testId: string;
  ref?: Ref<HTMLInputElement>;
  /** The sign before the amount ($ for US dollars, ฿ for baht). */
  currency?: string;
}) {
  return (
    <InputGroup startElement={currency}>
      <Input
        ref={ref}
        inputMode="decimal"
        placeholder={placeholder}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        data-testid={testId}
      />
    </InputGroup>
  );
}

/** Keeps the digits of what was typed (a whole number typed as text). */
export const digitsOnly = (text: string) => text.replace(/[^\d]/g, '');

/** A whole number typed as text: anything but digits is dropped; `prefix` stands before it (e.g. "1 :"). */
export function DigitsInput({
  value,
  onChange,
  onBlur,
  prefix,
  placeholder,
  size,
  w,
  minW,
  testId,
  ref,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  prefix?: string;
  placeholder?: string;
  size?: 'sm' | 'md';
  w?: string;
  minW?: string;
  testId: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const input = (
    <Input
      ref={ref}
      size={size}
      minW={minW}
      inputMode="numeric"
      placeholder={placeholder}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.target.value))}
      onBlur={onBlur}
      data-testid={testId}
    />
  );
  if (prefix === undefined) return input;
  return (
    <Group attached w={w ?? 'full'}>
      <InputAddon px={size === 'sm' ? '2' : undefined}>{prefix}</InputAddon>
      {input}
    </Group>
  );
}

import { Group, HStack, Input, InputAddon, InputGroup, NativeSelect, RadioGroup, Switch } from '@chakra-ui/react';
import { type Ref, useRef } from 'react';

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

/** Radio buttons in a row; each option's test id is `${testId}-${value}`. */
export function Choice({
  value,
  onChange,
  options,
  testId,
  h,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  testId: string;
  /** The row's height (default: at least 32px). */
  h?: string;
  disabled?: boolean;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(e) => onChange(e.value ?? '')}
      colorPalette="brand"
      size="sm"
      disabled={disabled}
      data-testid={testId}
    >
      <HStack gap="5" rowGap="2" flexWrap="wrap" minH={h ?? '8'}>
        {options.map((o) => (
          <RadioGroup.Item key={o.value} value={String(o.value)} data-testid={`${testId}-${o.value}`}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}

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

/** An on/off switch; its label says which (`labels`: the words for off and on). */
export function Toggle({
  checked,
  onChange,
  labels,
  labelMinW,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The words shown beside the switch for off and on. */
  labels?: readonly [off: string, on: string];
  disabled?: boolean;
  /** Keeps what follows in place when the word changes. */
  labelMinW?: string;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef(checked);
  shown.current = checked;
  return (
    <Switch.Root
      checked={checked}
      // Each click asks for the opposite of what is shown. A change the owner refuses (or asks
      // about first) leaves `checked` as it was: the hidden checkbox, which the click toggled, is
      // set back so that the next click is seen as a change again.
      onCheckedChange={() => {
        onChange(!checked);
        setTimeout(() => {
          if (input.current) input.current.checked = shown.current;
        });
      }}
      colorPalette="brand"
      disabled={disabled}
      data-testid={testId}
    >
      <Switch.HiddenInput ref={input} />
      <Switch.Control />
      {labels && <Switch.Label minW={labelMinW}>{labels[checked ? 1 : 0]}</Switch.Label>}
    </Switch.Root>
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

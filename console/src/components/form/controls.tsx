import { HStack, Input, InputGroup, NativeSelect, RadioGroup, Switch } from '@chakra-ui/react';
import { LIMITS } from '@toy/shared';
import type { Ref } from 'react';
import { ImageUpload, type ImageUploadProps } from '../upload/ImageUpload';

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
      <HStack gap="5" h={h} minH={h ? undefined : '8'}>
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
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  testId: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <InputGroup startElement="¥">
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
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labels: readonly [off: string, on: string];
  /** Keeps what follows in place when the word changes. */
  labelMinW?: string;
  testId: string;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="brand"
      data-testid={testId}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label minW={labelMinW}>{labels[checked ? 1 : 0]}</Switch.Label>
    </Switch.Root>
  );
}

/** The upload of goods pictures: the goods picture size and weight of LIMITS. */
export function GoodsPictureUpload(props: Omit<ImageUploadProps, 'width' | 'height' | 'maxSize'>) {
  return (
    <ImageUpload
      width={LIMITS.goodsPicture.width}
      height={LIMITS.goodsPicture.height}
      maxSize={LIMITS.goodsPictureMaxBytes}
      {...props}
    />
  );
}

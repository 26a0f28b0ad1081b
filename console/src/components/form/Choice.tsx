import { HStack, RadioGroup } from '@chakra-ui/react';
import type { Option } from './OptionSelect';

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

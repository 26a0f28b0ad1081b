import { Box, Field, HStack, Input, Text } from '@chakra-ui/react';
import { RotateCcw, Search } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { DateTimeInput } from './DateTimeInput';
import { ToolButton } from './ToolButton';

export interface FilterInputProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Enter applies the filters (as the screen's 搜索 button does). */
  onEnter?: () => void;
  placeholder?: string;
  testId?: string;
  width?: string;
  inputMode?: 'numeric' | 'text';
}

/** A labelled text box of a list's filter bar. */
export function FilterInput({
  label,
  value,
  onChange,
  onEnter,
  placeholder,
  testId,
  width = '200px',
  inputMode,
}: FilterInputProps) {
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="sm" color="fg.muted">
        {label}
      </Field.Label>
      <Input
        size="sm"
        w={width}
        value={value}
        placeholder={placeholder ?? `请输入${label}`}
        inputMode={inputMode}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onEnter?.();
        }}
        data-testid={testId}
      />
    </Field.Root>
  );
}

/**
 * Drafts of a list's text filters: edited freely, applied by 搜索 / Enter, and reset from the URL
 * whenever it changes (back, reset, reload).
 */
export function useFilterDrafts<T extends Record<string, string>>(applied: T) {
  const key = JSON.stringify(applied);
  const [drafts, setDrafts] = useState<T>(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the stable form of `applied`
  useEffect(() => setDrafts(applied), [key]);
  const set = (name: keyof T) => (text: string) => setDrafts((d) => ({ ...d, [name]: text }));
  /**
   * 重置: empties the boxes at once. (The URL's change alone may not reach them: a reset pressed
   * before the search's address was shown leaves the applied filters where they were.)
   */
  const resetting = (reset: () => void) => () => {
    setDrafts((d) => Object.fromEntries(Object.keys(d).map((k) => [k, ''])) as T);
    reset();
  };
  return { drafts, set, resetting };
}

/**
 * 搜索 and 重置 (without `onReset`, none) for a filter bar, then `children` (more buttons); test ids
 * are `${testId}-search` and `${testId}-reset`.
 */
export function SearchButtons({
  onSearch,
  onReset,
  testId,
  children,
}: {
  onSearch: () => void;
  onReset?: () => void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      <ToolButton icon={Search} colorPalette="brand" variant="solid" onClick={onSearch} testId={`${testId}-search`}>
        搜索
      </ToolButton>
      {onReset && (
        <ToolButton icon={RotateCcw} onClick={onReset} testId={`${testId}-reset`}>
          重置
        </ToolButton>
      )}
      {children}
    </HStack>
  );
}

/**
 * 开始时间 至 结束时间: two date-time boxes side by side, sharing the width on a phone (and always
 * when `full`, as in the phone's filter drawer). `dayTimes`: the time a day picked in each calendar gets.
 */
export function DateRangeBoxes({
  label,
  from,
  to,
  onFrom,
  onTo,
  testIds,
  dayTimes,
  full = false,
}: {
  label: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  testIds: [string, string];
  dayTimes?: [string, string];
  full?: boolean;
}) {
  const box = { w: full ? 'auto' : { base: 'auto', md: '190px' }, flex: full ? '1' : { base: '1', md: 'none' } };
  return (
    <Field.Root w={full ? 'full' : { base: 'full', md: 'auto' }}>
      <Field.Label fontSize="sm" color="fg.muted">
        {label}
      </Field.Label>
      <HStack gap="1" w="full">
        <Box {...box} minW="0">
          <DateTimeInput
            value={from}
            onChange={onFrom}
            dayTime={dayTimes?.[0]}
            placeholder="开始时间"
            aria-label={`${label}开始`}
            testId={testIds[0]}
          />
        </Box>
        <Text color="fg.muted" fontSize="sm">
          至
        </Text>
        <Box {...box} minW="0">
          <DateTimeInput
            value={to}
            onChange={onTo}
            dayTime={dayTimes?.[1]}
            placeholder="结束时间"
            aria-label={`${label}结束`}
            testId={testIds[1]}
          />
        </Box>
      </HStack>
    </Field.Root>
  );
}

/** A date range of a list applied at once (the coupon list's 时间范围): `${testId}-from` and `-to`. */
export function FilterDateRange({
  label,
  from,
  to,
  onChange,
  testId,
}: {
  label: string;
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  testId: string;
}) {
  return (
    <DateRangeBoxes
      label={label}
      from={from}
      to={to}
      onFrom={(v) => onChange({ from: v, to })}
      onTo={(v) => onChange({ from, to: v })}
      testIds={[`${testId}-from`, `${testId}-to`]}
    />
  );
}

import { Box, Button, DatePicker, type DateValue, HStack, parseDate, Text } from '@chakra-ui/react';
import { datePickerSlotRecipe } from '@chakra-ui/react/theme';
import { useEffect, useMemo, useRef } from 'react';
import { parseDateTime, TIME_ZONE } from '../lib/datetime';

/** The time columns: each unit's label, count and offset in `yyyy-MM-dd HH:mm:ss`. */
export const TIME_UNITS = [
  { unit: 'hour', label: '时', count: 24, at: 11 },
  { unit: 'minute', label: '分', count: 60, at: 14 },
  { unit: 'second', label: '秒', count: 60, at: 17 },
] as const;

/** '00' to '59': the cells of a time column. */
const CELLS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const dayText = (date: DateValue) => date.toString().slice(0, 10);

export interface DateTimePanelProps {
  /** The ids of the field's box (the popover's anchor) and of its calendar button. */
  controlId: string;
  triggerId: string;
  /** '' or a normalised `yyyy-MM-dd HH:mm:ss`. */
  value: string;
  min?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPickDay: (day: string) => void;
  onPickTime: (at: number, n: number) => void;
  onNow: () => void;
}

/**
 * The popover of DateTimeInput, loaded the first time it opens: Chakra's DatePicker in Chinese
 * (weeks from Monday, today as in Shanghai) beside three 24-hour columns, 此刻 and 确定.
 */
export default function DateTimePanel({
  controlId,
  triggerId,
  value,
  min,
  open,
  onOpenChange,
  onPickDay,
  onPickTime,
  onNow,
}: DateTimePanelProps) {
  const day = value.slice(0, 10);
  const picked = useMemo(() => (day ? [parseDate(day)] : []), [day]);
  const minDay = useMemo(() => {
    const text = min ? parseDateTime(min) : '';
    return text ? parseDate(text.slice(0, 10)) : undefined;
  }, [min]);

  return (
    <DatePicker.Root
      recipe={datePickerSlotRecipe}
      ids={{ control: controlId, trigger: triggerId }}
      locale="zh-CN"
      timeZone={TIME_ZONE}
      startOfWeek={1}
      fixedWeeks
      colorPalette="brand"
      format={dayText}
      parse={(text) => {
        const parsed = parseDateTime(text);
        return parsed ? parseDate(parsed.slice(0, 10)) : undefined;
      }}
      value={picked}
      onValueChange={(details) => {
        const date = details.value[0];
        if (date) onPickDay(dayText(date));
      }}
      min={minDay}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      closeOnSelect={false}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
      display="contents"
    >
      <DatePicker.Positioner>
        <DatePicker.Content minW="auto" maxW="calc(100vw - 16px)" data-testid="datetime-popover">
          {/* On a phone the time columns go under the calendar: the panel stays inside the screen. */}
          <HStack align="stretch" gap="3" flexWrap={{ base: 'wrap', md: 'nowrap' }} justify="center">
            <Box minW="16rem">
              <DatePicker.View view="day">
                <DatePicker.Header />
                <DatePicker.DayTable />
              </DatePicker.View>
              <DatePicker.View view="month">
                <DatePicker.Header />
                <DatePicker.MonthTable />
              </DatePicker.View>
              <DatePicker.View view="year">
                <DatePicker.Header />
                <DatePicker.YearTable />
              </DatePicker.View>
            </Box>
            <TimeColumns time={value.slice(11)} open={open} onPick={onPickTime} />
          </HStack>
          <HStack justify="space-between" borderTopWidth="1px" pt="2">
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={onNow}>
              此刻
            </Button>
            <Button size="xs" colorPalette="brand" onClick={() => onOpenChange(false)} data-testid="datetime-ok">
              确定
            </Button>
          </HStack>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}

/** Three scrolling columns (时, 分, 秒) of a 24-hour time; the picked cell stays in view. */
function TimeColumns({
  time,
  open,
  onPick,
}: {
  /** `HH:mm:ss`, or '' when nothing is picked yet. */
  time: string;
  open: boolean;
  onPick: (at: number, n: number) => void;
}) {
  const columns = useRef<(HTMLDivElement | null)[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the picked time changes or the popover opens
  useEffect(() => {
    for (const column of columns.current) {
      const selected = column?.querySelector<HTMLElement>('[data-selected]');
      if (column && selected)
        column.scrollTop = selected.offsetTop - column.clientHeight / 2 + selected.offsetHeight / 2;
    }
  }, [time, open]);

  return (
    <HStack align="stretch" gap="1" borderStartWidth={{ base: '0', md: '1px' }} ps={{ base: '0', md: '3' }}>
      {TIME_UNITS.map(({ unit, label, count, at }, index) => {
        const selected = time ? time.slice(at - 11, at - 9) : '';
        return (
          <Box key={unit} w="3.25rem">
            <Text textStyle="xs" color="fg.muted" textAlign="center" py="2" fontWeight="medium">
              {label}
            </Text>
            <Box
              ref={(el: HTMLDivElement | null) => {
                columns.current[index] = el;
              }}
              h={{ base: '9rem', md: '18rem' }}
              overflowY="auto"
              position="relative"
              scrollbarWidth="thin"
              role="listbox"
              aria-label={label}
            >
              {CELLS.slice(0, count).map((cell) => (
                <Button
                  key={cell}
                  size="xs"
                  w="full"
                  variant={cell === selected ? 'solid' : 'ghost'}
                  colorPalette="brand"
                  color={cell === selected ? undefined : 'fg'}
                  fontVariantNumeric="tabular-nums"
                  fontWeight="normal"
                  role="option"
                  aria-selected={cell === selected}
                  data-selected={cell === selected ? '' : undefined}
                  data-testid={`datetime-${unit}-${cell}`}
                  onClick={() => onPick(at, Number(cell))}
                >
                  {cell}
                </Button>
              ))}
            </Box>
          </Box>
        );
      })}
    </HStack>
  );
}

import { Box, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { CalendarDays } from 'lucide-react';
import { type KeyboardEvent, lazy, type Ref, Suspense, useId, useState } from 'react';
import { parseDateTime, shanghaiDateTime } from '../lib/datetime';

const loadPanel = () => import('./DateTimePanel');
const DateTimePanel = lazy(loadPanel);

export interface DateTimeInputProps {
  /** '' or `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai wall-clock time, as the wire carries it). */
  value: string;
  /** Called with '' or `yyyy-MM-dd HH:mm:ss`. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  /** Put on the text input; the calendar button gets `${testId}-trigger`. */
  testId?: string;
  'aria-label'?: string;
  /** `yyyy-MM-dd HH:mm:ss`: days before it cannot be picked in the calendar. */
  min?: string;
  /** The time a day picked in the calendar gets while the field is empty (default 00:00:00). */
  dayTime?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date-time field that always shows and sends `yyyy-MM-dd HH:mm:ss`, whatever the browser's
 * locale and time zone: a text input (what is typed is read on blur or Enter and normalised; text
 * that is not a date-time is dropped) and a calendar button opening a Chinese calendar with 24-hour
 * time columns (DateTimePanel, loaded when first opened).
 *
 * The text input is a plain input rather than DatePicker.Input: under zh-CN that input accepts
 * only digits and '/', so '-', ' ' and ':' could not be typed.
 */
export function DateTimeInput({
  value,
  onChange,
  onBlur,
  disabled,
  placeholder = '请选择时间',
  testId,
  'aria-label': ariaLabel,
  min,
  dayTime = '00:00:00',
  name,
  ref,
}: DateTimeInputProps) {
  const id = useId();
  const controlId = `datetime-${id}-control`;
  const triggerId = `datetime-${id}-trigger`;
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const current = parseDateTime(value ?? '') || '';

  const emit = (next: string) => {
    if (next !== value) onChange(next);
  };

  const commit = () => {
    if (draft === null) return;
    const parsed = parseDateTime(draft);
    if (parsed !== null) emit(parsed);
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      event.stopPropagation();
      setDraft(null);
    }
  };

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) setLoaded(true);
    // Closing from inside the calendar (确定, Escape) puts the focus back on the button.
    else if (document.activeElement?.closest('[data-scope="date-picker"]')) document.getElementById(triggerId)?.focus();
  };

  const base = () => current || `${shanghaiDateTime().slice(0, 10)} 00:00:00`;

  return (
    <Box id={controlId} position="relative" w="full">
      <InputGroup
        endElement={
          <IconButton
            id={triggerId}
            size="xs"
            variant="ghost"
            color="fg.muted"
            aria-label="选择日期时间"
            aria-haspopup="dialog"
            aria-expanded={open}
            disabled={disabled}
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
            onClick={() => openChange(!open)}
            data-testid={testId && `${testId}-trigger`}
          >
            <CalendarDays />
          </IconButton>
        }
      >
        <Input
          ref={ref}
          name={name}
          value={draft ?? current}
          placeholder={placeholder}
          aria-label={ariaLabel}
          disabled={disabled}
          autoComplete="off"
          fontVariantNumeric="tabular-nums"
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          // Not "input": the calendar writes the bare date into the inputs it finds in its anchor.
          data-part="datetime-text"
          data-testid={testId}
        />
      </InputGroup>
      {loaded && (
        <Suspense fallback={null}>
          <DateTimePanel
            controlId={controlId}
            triggerId={triggerId}
            value={current}
            min={min}
            open={open && !disabled}
            onOpenChange={openChange}
            onPickDay={(day) => emit(`${day} ${current ? current.slice(11) : dayTime}`)}
            onPickTime={(at, n) => {
              const text = base();
              emit(`${text.slice(0, at)}${String(n).padStart(2, '0')}${text.slice(at + 2)}`);
            }}
            onNow={() => emit(shanghaiDateTime())}
          />
        </Suspense>
      )}
    </Box>
  );
}

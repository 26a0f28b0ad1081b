import { Switch } from '@chakra-ui/react';
import { useRef } from 'react';

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

import { Field } from '@chakra-ui/react';
import { Choice } from './form/Choice';
import type { Option } from './form/OptionSelect';

/** A labelled choice of a list's filter bar (a status, a type), applied at once. */
export function FilterChoice({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  testId: string;
}) {
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="sm" color="fg.muted">
        {label}
      </Field.Label>
      <Choice value={value} onChange={onChange} options={options} testId={testId} h="32px" />
    </Field.Root>
  );
}

import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from './FormDialog';
import { type SchemaForm, useSchemaForm } from './useSchemaForm';

/** The stock choices of a stock dialog (spec 01 §5, spec 03 §4: type 1 add, 2 reduce). */
export const STOCK_TYPES = [
  { value: 1, label: '增加库存' },
  { value: 2, label: '减少库存' },
];
/** Coin deduction: use (1) or not (0, sends 0). */
export const BEAN_USE = [
  { value: 1, label: '使用' },
  { value: 0, label: '不使用' },
];

/**
 * One of a detail dialog's edit dialogs, open while `open === kind`: the form is reset from
 * `defaults` each time it opens; test ids `${prefix}-${kind}-dialog` and `${prefix}-${kind}-submit`.
 */
export function KindDialog<K extends string, S extends z.ZodType, V extends FieldValues>({
  prefix,
  kind,
  open,
  onClose,
  title,
  schema,
  defaults,
  onSubmit,
  children,
}: {
  prefix: string;
  kind: K;
  open: K | null;
  /** Called with the dialog's own kind: a dialog closing late (its save still refreshing) closes only itself. */
  onClose: (kind: K) => void;
  title: string;
  schema: S;
  defaults: V;
  onSubmit: (data: z.output<S>) => Promise<unknown>;
  children: (form: SchemaForm<V, S>) => ReactNode;
}) {
  const form = useSchemaForm(schema, defaults, open === kind);
  return (
    <FormDialog
      open={open === kind}
      onOpenChange={(o) => !o && onClose(kind)}
      title={title}
      form={form}
      onSubmit={onSubmit}
      testId={`${prefix}-${kind}-dialog`}
      submitTestId={`${prefix}-${kind}-submit`}
    >
      {children(form)}
    </FormDialog>
  );
}

/** The `onClose` of a detail dialog's edit dialogs, over its `useState` of the open kind: closes a kind only while it is the open one. */
export const closeKind =
  <K extends string>(setOpen: Dispatch<SetStateAction<K | null>>) =>
  (kind: K) =>
    setOpen((open) => (open === kind ? null : open));

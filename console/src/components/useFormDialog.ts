import { messages, type RouteDef, type RouteInput } from '@toy/shared';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useAction } from '../lib/useAction';
import { useSchemaForm } from './form/useSchemaForm';
import type { EditDialogProps } from './useEditDialog';

/** A write whose body is a shared request schema (with its rule table). */
type FormRoute = RouteDef & { body: z.ZodType };

export interface FormDialogOptions<D extends FormRoute, V> {
  title: string;
  /** The dialog's test id is `${testId}-dialog`, its submit button's `${testId}-save`. */
  testId: string;
  /** The values the form starts from, each time the dialog opens. */
  defaults: V;
  /** The message of a success. */
  success: string;
  /** The reads the call changes. */
  invalidates?: readonly RouteDef[];
  /** The body sent, from the checked values (by default the values themselves). */
  send?: (data: z.output<D['body']>) => RouteInput<D>;
}

/**
 * A dialog's form over one call: `const { form, dialog } = useFormDialog(api.cabinet.save, props, {…})`,
 * then `<FormDialog {...dialog}>` with the fields. The form is checked by the call's schema and
 * rule table; a success shows its message, refreshes what the call changes and closes the dialog.
 */
export function useFormDialog<D extends FormRoute, V extends FieldValues>(
  route: D,
  { open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void },
  { title, testId, defaults, success, invalidates, send }: FormDialogOptions<D, V>,
) {
  const form = useSchemaForm<D['body'], V>(route.body, defaults, open);
  const action = useAction(route, { success, invalidates });
  const dialog = {
    open,
    onOpenChange,
    title,
    testId: `${testId}-dialog`,
    submitTestId: `${testId}-save`,
    form,
    onSubmit: (data: z.output<D['body']>) => action.run(send ? send(data) : (data as RouteInput<D>)),
  };
  return { form, dialog };
}

/**
 * The add/edit dialog of a list's row: titled 新增… / 编辑… (`noun`: 商品, 仓库…) and answering
 * 添加成功 / 编辑成功 unless `success` says otherwise.
 */
export function useEditForm<D extends FormRoute, V extends FieldValues>(
  route: D,
  props: EditDialogProps<unknown>,
  { noun, ...options }: Omit<FormDialogOptions<D, V>, 'title' | 'success'> & { noun: string; success?: string },
) {
  return useFormDialog(route, props, {
    ...options,
    title: `${props.editing ? '编辑' : '新增'}${noun}`,
    success: options.success ?? (props.editing ? messages.success.edited : messages.success.added),
  });
}

/**
 * A form's starting values: each field of `blank` from the row being edited, or blank's own when
 * adding (or when the row's is null): `defaults: rowValues(props.editing, { id: '', name: '' })`.
 */
export function rowValues<R extends object, V extends Record<string, unknown>>(
  row: R | null,
  blank: V,
): { [K in keyof V]: V[K] | (K extends keyof R ? NonNullable<R[K]> : never) } {
  const own = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(blank).map(([key, value]) => [key, own[key] ?? value])) as never;
}

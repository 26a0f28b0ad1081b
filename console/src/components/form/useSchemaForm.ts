import { useEffect, useLayoutEffect, useRef } from 'react';
import { type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { checkForm } from './checkForm';

export { checkForm, type FieldError } from './checkForm';

/**
 * A react-hook-form resolver over a shared request schema. The spec shows one message, the first
 * failing rule in its order, so the resolver answers that one error (under its field, or `root`)
 * and, on success, the schema's parsed output: what the API will parse from the same values.
 */
export function schemaResolver<S extends z.ZodType, V extends FieldValues>(
  schema: S,
): Resolver<V, unknown, z.output<S>> {
  return async (values) => {
    const checked = checkForm(schema, values);
    if (checked.ok) return { values: checked.data, errors: {} };
    const field = checked.error.field || 'root';
    return { values: {}, errors: { [field]: { type: 'rule', message: checked.error.message } } } as never;
  };
}

export type SchemaForm<V extends FieldValues, S extends z.ZodType> = UseFormReturn<V, unknown, z.output<S>>;

/**
 * A form bound to a shared request schema: `useSchemaForm(api.warehouse.save.body, defaults, open)`.
 * The values start from `defaults` and start again from them each time `open` turns true (a
 * dialog reopened, or opened on another row), or when the defaults change before any edit. Checking happens on submit only; editing a field
 * clears the message, and the next submit finds the next failing rule.
 */
export function useSchemaForm<S extends z.ZodType, V extends FieldValues>(
  schema: S,
  defaults: V,
  open = true,
): SchemaForm<V, S> {
  const form = useForm<V, unknown, z.output<S>>({
    resolver: schemaResolver<S, V>(schema),
    defaultValues: defaults as never,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const latest = useRef(defaults);
  latest.current = defaults;
  const wasOpen = useRef(false);
  const key = JSON.stringify(defaults);
  // Opening starts from the defaults; while open, new defaults (loaded data, a brand chosen
  // elsewhere) replace the values only until the user has edited one, so nothing typed is lost.
  // A layout effect: the values are in place before the dialog first paints, so a choice made
  // the moment it appears is not reset under the user's hand.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the stable form of `defaults`
  useLayoutEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (opening) form.reset(latest.current);
    else if (open && !form.formState.isDirty) {
      // Data arriving after a save was pressed (the default brand): the message is checked again
      // against the new values, so it stays or moves on to the next failing rule.
      const submitted = form.formState.isSubmitted;
      form.reset(latest.current, { keepIsSubmitted: true });
      if (submitted) void form.trigger();
    }
  }, [open, key, form]);
  useEffect(() => {
    const sub = form.watch((_, { type }) => {
      if (type === 'change' && Object.keys(form.formState.errors).length) form.clearErrors();
    });
    return () => sub.unsubscribe();
  }, [form]);
  return form;
}

import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Changes fields from a screen's own logic (a pick, a switch that clears others, an answer from
 * the API) as an edit by the merchant does: the values change and the form's message clears, so
 * the next submit finds the next failing rule.
 */
export function setFields<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, patch: Partial<V>) {
  for (const [name, value] of Object.entries(patch))
    form.setValue(name as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
  form.clearErrors();
}

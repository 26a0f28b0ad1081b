import { validate } from '@toy/shared/rules';
import type { z } from 'zod';

/** The one message a form shows: the first failing rule (or schema check) and the field it names. */
export interface FieldError {
  field?: string;
  message: string;
}

/**
 * Runs a shared request schema (with its rule table) and answers the first failing message as a
 * form shows it (the same words the API answers: the spec's message, or the field's name and why).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; error: FieldError } {
  const result = validate(schema, values);
  if (result.ok) return { ok: true, data: result.data };
  return { ok: false, error: { field: result.field?.split('.')[0], message: result.message } };
}

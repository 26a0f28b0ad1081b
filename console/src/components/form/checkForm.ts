import { messages } from '@toy/shared';
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
  const field = result.field?.split('.')[0];
  // The spec's bare 不可为空 is shown as written, under the labelled field it is about (the API,
  // which has no label beside it, answers it with the field's name).
  const bare = field && result.ruleMessage === messages.common.required;
  return { ok: false, error: { field, message: bare ? messages.common.required : result.message } };
}

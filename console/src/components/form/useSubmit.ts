import { type FormEvent, useEffect, useState } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The message of the one error the schema resolver answers. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) if (error?.message) return String(error.message);
  return undefined;
}

/**
 * The submit of a schema form: the first failing rule shows as a toast and under its field;
 * valid values go to `onSubmit`, whose API failure (already toasted by the request layer) stays
 * in the form as `serverError` until the next submit, or until the dialog opens again (`open`).
 */
export function useSubmit<V extends FieldValues, T>(
  form: UseFormReturn<V, unknown, T>,
  onSubmit: (data: T) => Promise<unknown>,
  onDone?: () => void,
  open?: boolean,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setServerError(null);
  }, [open]);
  const submit = (event?: FormEvent) => {
    event?.stopPropagation();
    setServerError(null);
    return form.handleSubmit(
      async (data) => {
        notify.dismissInvalid();
        try {
          await onSubmit(data);
          onDone?.();
        } catch (err) {
          if (err instanceof ApiError && err.status !== 401) setServerError(err.message);
        }
      },
      (errors) => {
        const message = firstErrorMessage(errors);
        if (message) notify.invalid(message);
      },
    )(event);
  };
  return { submit, serverError, submitting: form.formState.isSubmitting };
}

import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { useSubmit } from './useSubmit';

/** The API's answer to a refused submit, kept in the form until the next submit. */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" mt="4" size="sm" data-testid="form-error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * A full-page schema form (the record form, the release page): the same submit as FormDialog,
 * rendered as a plain `<form>` whose fields and footer are the page's own.
 */
export function SchemaFormPage<V extends FieldValues, T>({
  form,
  onSubmit,
  testId,
  children,
}: {
  form: UseFormReturn<V, unknown, T>;
  onSubmit: (data: T) => Promise<unknown>;
  testId?: string;
  children: (state: { submitting: boolean; serverError: string | null }) => ReactNode;
}) {
  const { submit, serverError, submitting } = useSubmit(form, onSubmit);
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate data-testid={testId}>
        {children({ submitting, serverError })}
      </form>
    </FormProvider>
  );
}

import { Alert, Button, CloseButton, Dialog, Field, Portal, Stack } from '@chakra-ui/react';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/http';
import { notify } from '../lib/notify';
import { checkForm, type FieldError } from './formCheck';

const FormErrorContext = createContext<FieldError | null>(null);

export interface FormDialogProps<S extends z.ZodType> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The shared request schema (with its rule table): checked before sending. */
  schema: S;
  /** The current form values (controlled by the screen). */
  values: unknown;
  /** Sends the parsed values; resolve to close, throw to stay open. */
  onSubmit: (data: z.output<S>) => Promise<unknown>;
  submitLabel?: string;
  testId?: string;
  submitTestId?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** 'inside' keeps the title and buttons in view while a long form scrolls in the body. */
  scrollBehavior?: 'inside' | 'outside';
  children: ReactNode;
}

/**
 * The form dialog every screen copies: validate with the shared schema (first failing message as a
 * toast and under its field), then call the API; the API answers the same message if bypassed.
 */
export function FormDialog<S extends z.ZodType>(props: FormDialogProps<S>) {
  const {
    open,
    onOpenChange,
    title,
    schema,
    values,
    onSubmit,
    submitLabel = '保存',
    testId,
    submitTestId,
    size = 'md',
    scrollBehavior = 'outside',
    children,
  } = props;
  const [error, setError] = useState<FieldError | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Editing (a new `values` object) or reopening clears the previous message; the next submit
  // finds the next failing rule. Pass the form state object itself, not a copy made per render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the values or `open` change
  useEffect(() => {
    setError(null);
    setServerError(null);
  }, [values, open]);

  const submit = async (event?: React.FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    const checked = checkForm(schema, values);
    if (!checked.ok) {
      setError(checked.error);
      notify.invalid(checked.error.message);
      return;
    }
    notify.dismissInvalid();
    setSubmitting(true);
    try {
      await onSubmit(checked.data);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.status !== 401) setServerError(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      size={size}
      placement="center"
      scrollBehavior={scrollBehavior}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <FormErrorContext.Provider value={error}>
                  <Stack gap="4">{children}</Stack>
                </FormErrorContext.Provider>
                {serverError && (
                  <Alert.Root status="error" mt="4" size="sm" data-testid="form-error">
                    <Alert.Indicator />
                    <Alert.Title>{serverError}</Alert.Title>
                  </Alert.Root>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
                  取消
                </Button>
                <Button colorPalette="brand" type="submit" loading={submitting} data-testid={submitTestId}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="关闭" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** FormField messages outside a FormDialog (a full-page form): the first failing rule's field and message. */
export function FormErrors({ error, children }: { error: FieldError | null; children: ReactNode }) {
  return <FormErrorContext.Provider value={error}>{children}</FormErrorContext.Provider>;
}

/** A labelled field of a FormDialog; shows the dialog's message when it names this field. */
export function FormField({
  field,
  label,
  required,
  helper,
  disabled,
  children,
}: {
  field: string;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  /** Disables the control inside (a NativeSelect takes its disabled state from the field). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const error = useContext(FormErrorContext);
  const invalid = error?.field === field;
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !invalid && <Field.HelperText>{helper}</Field.HelperText>}
      {invalid && <Field.ErrorText data-testid={`error-${field}`}>{error.message}</Field.ErrorText>}
    </Field.Root>
  );
}

import { Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { ServerError } from './SchemaFormPage';
import { useSubmit } from './useSubmit';

export interface FormDialogProps<V extends FieldValues, T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The form from useSchemaForm: its resolver runs the shared schema and rule table. */
  form: UseFormReturn<V, unknown, T>;
  /** Sends the parsed values; resolve to close, throw to stay open. */
  onSubmit: (data: T) => Promise<unknown>;
  submitLabel?: string;
  testId?: string;
  submitTestId?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** 'inside' keeps the title and buttons in view while a long form scrolls in the body. */
  scrollBehavior?: 'inside' | 'outside';
  /** Buttons beside 取消 and the submit button. */
  extraActions?: ReactNode;
  children: ReactNode;
}

/**
 * The form dialog every screen copies: the shared schema checks the values before sending (the
 * first failing message as a toast and under its field), then `onSubmit` calls the API, which
 * answers the same message if the check is bypassed.
 */
export function FormDialog<V extends FieldValues, T>(props: FormDialogProps<V, T>) {
  const { open, onOpenChange, title, form, onSubmit, submitLabel = '保存', testId, submitTestId } = props;
  const { submit, serverError, submitting } = useSubmit(form, onSubmit, () => onOpenChange(false), open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      size={props.size ?? 'md'}
      placement="center"
      scrollBehavior={props.scrollBehavior ?? 'outside'}
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
                <FormProvider {...form}>
                  <Stack gap="4">{props.children}</Stack>
                </FormProvider>
                <ServerError message={serverError} />
              </Dialog.Body>
              <Dialog.Footer>
                {props.extraActions}
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

/** The head of a dialog that changes one row: the row's title, muted, over what it holds now. */
export function DialogSubject({ title, children }: { title: string | undefined; children: ReactNode }) {
  return (
    <Box bg="gray.50" rounded="md" px="4" py="3">
      <Text fontSize="sm" color="fg.muted" truncate>
        {title}
      </Text>
      {children}
    </Box>
  );
}

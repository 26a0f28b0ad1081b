// The form parts of the toy, scene and moment dialogs, apart from ToyParts so that the lists, which
// show only a row's review state, do not load the form library.
import { messages, type RouteDef, TOY_LIMITS } from '@toy/shared';
import type { z } from 'zod';
import { TextField } from '../../components/form/fields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { rowValues, useEditForm } from '../../components/useFormDialog';

/**
 * The add/edit form of a toy, scene or moment: a save is submitted for review (已提交审核) and
 * refreshes `list`; the values start from the row, or blank with the list's brand (`blank` adds
 * the kind's own fields).
 */
export function useToyForm<
  D extends RouteDef & { body: z.ZodType },
  R extends object,
  V extends Record<string, unknown>,
>(
  save: D,
  list: RouteDef,
  props: EditDialogProps<R>,
  { noun, testId, blank }: { noun: string; testId: string; blank: V },
) {
  return useEditForm(save, props, {
    noun,
    testId,
    success: messages.toy.submitted,
    invalidates: [list],
    defaults: rowValues(props.editing, {
      id: '',
      ip_id: props.defaultBrandId ?? '',
      name: '',
      image_url: '',
      short: '',
      ...blank,
    }),
  });
}

/** 名称 of a toy, scene or moment: required, at most TOY_LIMITS.nameMax characters. */
export function NameField({ disabled, testId }: { disabled: boolean; testId: string }) {
  return (
    <TextField
      name="name"
      label="名称"
      required
      placeholder={messages.toy.nameRequired}
      helper={`最多${TOY_LIMITS.nameMax}个字`}
      disabled={disabled}
      testId={testId}
    />
  );
}

import { useCallback, useState } from 'react';

/**
 * The state of a list's add/edit dialog: `add()` opens it empty, `edit(row)` with a row, and
 * `props` (open, editing, onOpenChange) go to the dialog.
 */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null });
  const onOpenChange = useCallback((open: boolean) => setState((d) => ({ ...d, open })), []);
  const add = useCallback(() => setState({ open: true, editing: null }), []);
  const edit = useCallback((editing: T) => setState({ open: true, editing }), []);
  return { add, edit, props: { open: state.open, editing: state.editing, onOpenChange } };
}

/** The props of an add/edit dialog opened from a list (see useEditDialog). */
export interface EditDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row being edited, or null to add. */
  editing: T | null;
  /** The brand a new row starts with (the list's brand filter). */
  defaultBrandId?: number;
}

/**
 * What an add/edit dialog of a list says: 新增… or 编辑… (`noun`: 商品, 仓库…), with the test ids
 * `${testId}-dialog` and `${testId}-save`; spread into FormDialog.
 */
export function editDialogFrame(
  { open, onOpenChange, editing }: EditDialogProps<unknown>,
  noun: string,
  testId: string,
) {
  return {
    open,
    onOpenChange,
    title: `${editing ? '编辑' : '新增'}${noun}`,
    testId: `${testId}-dialog`,
    submitTestId: `${testId}-save`,
  };
}

import { lazyPart } from '../lib/lazyPart';
import type { DialogShellProps } from './DialogFrame';

export type { DialogShellProps } from './DialogFrame';

/**
 * The frame of a console dialog: centred, a title (a string, or a header of its own that holds a
 * Dialog.Title), the body, optional footer buttons and the close button. `lazy` mounts the body
 * on open and drops it on close, so each opening starts fresh; without it the dialog keeps
 * Chakra's defaults (an explicit false would keep the closed content mounted).
 *
 * Chakra's dialog machinery (focus trap, scroll lock, presence) is loaded once the page is up, not
 * with it: a screen opens its dialogs only on a click.
 */
export const DialogShell = lazyPart<DialogShellProps>(() => import('./DialogFrame').then((m) => m.DialogFrame));

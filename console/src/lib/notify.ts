import { createToaster } from '@chakra-ui/react';
import { forAccount, LIMITS, messages } from '@toy/shared';
import { getAuthType } from './session';

/** The application's toaster; `<AppToaster/>` renders it. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 6 });

const DURATION = LIMITS.toastSeconds * 1000;

/** A message as the signed-in account reads it (a shop account's own brand is its 店铺). */
export const worded = (message: string) => forAccount(message, getAuthType());

/** Short feedback messages. Identical messages shown at once collapse into one toast. */
export const notify = {
  success: (title: string) =>
    toaster.create({ id: `ok:${title}`, type: 'success', title: worded(title), duration: 2500 }),
  info: (title: string) => toaster.create({ id: `info:${title}`, type: 'info', title: worded(title), duration: 3000 }),
  warning: (title: string, duration = 3000) =>
    toaster.create({ id: `warn:${title}`, type: 'warning', title: worded(title), duration }),
  /** A form's first failing rule: one toast at a time, the newest message replacing the last. */
  invalid: (title: string) =>
    toaster.create({ id: 'form-invalid', type: 'error', title: worded(title), duration: DURATION }),
  dismissInvalid: () => toaster.dismiss('form-invalid'),
  error: (title: string | undefined) => {
    const text = worded(title || messages.common.error);
    return toaster.create({ id: `err:${text}`, type: 'error', title: text, duration: DURATION });
  },
};

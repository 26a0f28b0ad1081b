import { createToaster } from '@chakra-ui/react';
import { forAccount, LIMITS, messages } from '@toy/shared';
import { getAuthType } from './session';

/** The application's toaster; `<AppToaster/>` renders it. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 6 });

const DURATION = LIMITS.toastSeconds * 1000;

/** A message as the signed-in account reads it (a shop account's own brand is its 店铺). */
export const worded = (message: string) => forAccount(message, getAuthType());

type Kind = 'success' | 'info' | 'warning' | 'error';

/** The toast now showing under each key, so the same key shown again replaces it. */
const showing = new Map<string, string>();
let serial = 0;

/**
 * Shows `title` as the toast of `key`, replacing the one already shown under that key. The
 * replacement is a new toast, so it gets its whole duration: an update of the old toast would
 * keep the old one's timer and could vanish a moment after it appeared.
 */
function show(key: string, type: Kind, title: string, duration: number) {
  const previous = showing.get(key);
  if (previous) toaster.remove(previous);
  serial += 1;
  const id = `${key}#${serial}`;
  showing.set(key, id);
  return toaster.create({
    id,
    type,
    title: worded(title),
    duration,
    onStatusChange: ({ status }) => {
      if (status === 'unmounted' && showing.get(key) === id) showing.delete(key);
    },
  });
}

/** Short feedback messages. Identical messages shown at once collapse into one toast. */
export const notify = {
  success: (title: string) => show(`ok:${title}`, 'success', title, 2500),
  info: (title: string) => show(`info:${title}`, 'info', title, 3000),
  warning: (title: string, duration = 3000) => show(`warn:${title}`, 'warning', title, duration),
  /** A form's first failing rule: one toast at a time, the newest message replacing the last. */
  invalid: (title: string) => show('form-invalid', 'error', title, DURATION),
  dismissInvalid: () => {
    const id = showing.get('form-invalid');
    if (id) toaster.dismiss(id);
  },
  error: (title: string | undefined) => {
    const text = title || messages.common.error;
    return show(`err:${text}`, 'error', text, DURATION);
  },
};

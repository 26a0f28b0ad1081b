import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The open state of a search box's option list. It closes a moment after the box loses focus (so
 * a click on an option lands first), and a focus, a click or typing in the box cancels a close
 * that is still pending: a quick blur and refocus never leaves the list shut under the cursor.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(() => {
    clearTimeout(closing.current);
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(closing.current);
    setOpen(false);
  }, []);
  const hideSoon = useCallback(() => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => setOpen(false), 150);
  }, []);
  useEffect(() => () => clearTimeout(closing.current), []);
  return { open, show, hide, hideSoon };
}

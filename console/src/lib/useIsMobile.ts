import { LIMITS } from '@toy/shared';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${LIMITS.mobileBreakpoint - 0.02}px)`;

function subscribe(listener: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', listener);
  return () => mql.removeEventListener('change', listener);
}

/** Mobile mode: narrower than 992 px (spec 01 §9). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

import { type ComponentType, type JSX, lazy, type ReactNode, Suspense } from 'react';

/**
 * A part of a page that is not on screen when the page opens (a dialog, a drawer): its code is not
 * in the page's first load but fetched once the page is up, so the page shows sooner. Its own
 * Suspense boundary shows `fallback` while it loads (nothing, for a closed dialog; a look-alike
 * button or a skeleton for a part on screen) and never blanks the page around it.
 *
 *   const PasswordDialog = lazyPart(() => import('./PasswordDialog').then((m) => m.PasswordDialog));
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level (as React.lazy is)
  const LazyPart = (props: P) => (
    <Suspense fallback={fallback}>
      <Part {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
  return LazyPart;
}

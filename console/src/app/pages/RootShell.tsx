import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { APP_TITLE } from '../../config';
import type { RouteHandle } from '../menuRoutes';

/** The deepest route's title plus the default admin title. */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} - ${APP_TITLE}` : APP_TITLE;
}

export function RootShell() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    document.title = pageTitle(title?.title);
  }, [title?.title]);
  return <Outlet />;
}

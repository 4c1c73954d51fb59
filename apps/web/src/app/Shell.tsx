import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { AppLayout } from '../layout/AppLayout';
import { HeaderNotifications } from './HeaderNotifications';
import { routeHandles, routeModulo } from '../lib/route-handle';
import { productName } from '../lib/runtime-config';
import { useMenu } from '../session/session-query';
import { canAccessModule } from '../session/permissions';

// Inicio has no breadcrumbs: antd's Breadcrumb loads with the first nested page.
const ShellBreadcrumb = lazy(() => import('./ShellBreadcrumb'));
/** Holds the breadcrumbs' height (one 22-px line and its margin) while they load. */
const breadcrumbPlaceholder = <div style={{ height: 22, marginBottom: 12 }} />;

const ForbiddenView = lazy(async () => ({ default: (await import('./views/ForbiddenView')).ForbiddenView }));

function useRouteChrome() {
  const matches = useMatches();
  const crumbs = matches.flatMap((match) => {
    const [handle] = routeHandles([match]);
    return handle ? [{ title: handle.title, path: match.pathname }] : [];
  });
  const title = crumbs.at(-1)?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${productName()}` : productName();
  }, [title]);
  return { crumbs, modulo: routeModulo(matches) };
}

/** The frame around every view, the breadcrumbs of nested pages, and the module permission check. */
export function Shell() {
  const { crumbs, modulo } = useRouteChrome();
  const menu = useMenu();
  const allowed = canAccessModule(menu, modulo);

  return (
    <AppLayout notifications={<HeaderNotifications />}>
      {crumbs.length > 1 && (
        <Suspense fallback={breadcrumbPlaceholder}>
          <ShellBreadcrumb crumbs={crumbs} />
        </Suspense>
      )}
      {allowed ? (
        <Outlet />
      ) : (
        <Suspense fallback={null}>
          <ForbiddenView />
        </Suspense>
      )}
    </AppLayout>
  );
}

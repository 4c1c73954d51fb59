import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { cleanup, configure, render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppTextBase } from '../app/AppTextBase';
import { ToastBridge } from '../layout/ToastBridge';
import { sessionQuery } from '../session/session-query';
import type { SessionData } from '@ecodigital/contracts/session';

/** antd reads media queries and element sizes; jsdom has neither. */
export function installBrowserShims(): void {
  // antd views render slowly in jsdom on a busy machine.
  configure({ asyncUtilTimeout: 5000 });
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** What the next render's query cache holds as the signed-in session (`signInWith`). */
export const signedInSession: { current: SessionData | undefined } = { current: undefined };

/**
 * Renders routes inside the app's providers (locale, toasts, a fresh query cache holding the
 * signed-in session, a memory router). Ant Design's styles are computed but not written into the
 * document (`StyleProvider mock="server"`) and its motion is off: jsdom matches every stylesheet
 * rule against every element it is asked about, and antd's hundreds of rules made a view test
 * spend most of its time in selector matching (ExpedienteDetailView: 19 s → 2 s for 8 tests).
 */
export function renderWithApp(routes: RouteObject[], path: string) {
  // The product's defaults (writes never paused offline), without retries that would slow a failure.
  const queryClient = createQueryClient({ queries: { retry: false } });
  if (signedInSession.current) queryClient.setQueryData(sessionQuery.queryKey, signedInSession.current);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StyleProvider mock="server">
      <ConfigProvider locale={esES} theme={{ token: { motion: false } }}>
        <AppTextBase>
          <ToastBridge />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AppTextBase>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { ...view, router, queryClient };
}

/** Unmounts and also drops what antd left in portals (dialogs and toasts still animating out). */
export function cleanupApp(): void {
  cleanup();
  document.body.innerHTML = '';
}

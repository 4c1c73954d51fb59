import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppRouter } from './router';

/** Renders the app; loaded while the sign-in runs, so the redirect to the IdP never waits for it. */
export function mountApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

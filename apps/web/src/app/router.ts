import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** Created only after sign-in: the root loader's guard reads the identity-provider session. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

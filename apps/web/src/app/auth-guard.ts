import type { LoaderFunctionArgs } from 'react-router';
import { isAuthenticated } from '../auth/keycloak';
import { startSignIn } from '../auth/sign-in';

/**
 * Root loader, re-run on every navigation: without an identity-provider session the sign-in
 * starts instead of navigating, and the person comes back to the page they asked for.
 */
export function requireAuthentication({ request }: LoaderFunctionArgs): Promise<null> | null {
  if (isAuthenticated()) return null;
  const target = new URL(request.url);
  startSignIn(`${target.pathname}${target.search}`);
  // The browser is leaving for the identity provider; the navigation must not complete.
  return new Promise<null>(() => {});
}

import { TOKEN_CHECK_INTERVAL_MS, TOKEN_MIN_VALIDITY_S } from '../lib/constants';
import { keycloakOrNull } from './keycloak';
import { startSignIn } from './sign-in';

let inFlight: Promise<boolean> | null = null;

/** keycloak-js rejects a refresh with its NetworkError, which carries the token endpoint's Response. */
export function refreshAnsweredBadRequest(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('response' in error)) return false;
  const response = (error as { response?: { status?: unknown } }).response;
  return response?.status === 400;
}

/**
 * The token endpoint could not be reached at all (offline, network cut): keycloak-js passes on
 * fetch's TypeError, without the `response` its NetworkError carries for an answer.
 */
export function refreshGotNoAnswer(error: unknown): boolean {
  return !(typeof error === 'object' && error !== null && 'response' in error);
}

function handleRefreshFailure(error: unknown): void {
  // Without a connection, signing in again would only swap the page for the browser's offline
  // error and lose what is on screen: keep the session and try again at the next check.
  if (refreshGotNoAnswer(error)) {
    console.warn('No se pudo renovar el token de acceso: sin conexión; se reintentará', error);
    return;
  }
  const keycloak = keycloakOrNull();
  // A 400 means the refresh token is no longer valid (session ended or revoked): drop the tokens
  // before starting again. keycloak-js 26 clears them itself too; clearing twice is harmless.
  if (refreshAnsweredBadRequest(error)) keycloak?.clearToken();
  console.warn('No se pudo renovar el token de acceso; se inicia la sesión de nuevo', error);
  startSignIn();
}

/**
 * Refreshes the access token when it has less than `minValidity` seconds left. Every caller (the
 * periodic check, the API client) shares one refresh in flight.
 */
export function refreshAccessToken(minValidity: number): Promise<boolean> {
  const keycloak = keycloakOrNull();
  if (!keycloak?.token) return Promise.resolve(false);
  if (!keycloak.isTokenExpired(minValidity)) return Promise.resolve(false);
  inFlight ??= keycloak
    .updateToken(minValidity)
    .catch((error: unknown) => {
      handleRefreshFailure(error);
      throw error;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * A new access token now, whatever the old one's expiry says: the API refused it (401), so it was
 * revoked or the clocks disagree. Shares the refresh in flight; on failure the sign-in starts again.
 */
export async function renewAccessToken(): Promise<boolean> {
  const keycloak = keycloakOrNull();
  if (!keycloak?.token) return false;
  inFlight ??= keycloak
    .updateToken(-1)
    .catch((error: unknown) => {
      handleRefreshFailure(error);
      throw error;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight.then(
    () => true,
    () => false,
  );
}

/** Checks the token every 30 s (and when keycloak-js reports it expired); refreshes under 60 s left. */
export function startTokenRefresh(): () => void {
  const keycloak = keycloakOrNull();
  if (!keycloak) return () => {};
  const check = () => {
    if (keycloak.authenticated) refreshAccessToken(TOKEN_MIN_VALIDITY_S).catch(() => {});
  };
  keycloak.onTokenExpired = check;
  const timer = window.setInterval(check, TOKEN_CHECK_INTERVAL_MS);
  return () => {
    window.clearInterval(timer);
    keycloak.onTokenExpired = undefined;
  };
}

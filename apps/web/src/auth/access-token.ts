import { API_TOKEN_MIN_VALIDITY_S } from '../lib/constants';
import { keycloakOrNull } from './keycloak';
import { refreshAccessToken } from './token-refresh';

/** The bearer token for an API call, refreshed first when under 5 s of validity remain. */
export async function accessTokenForRequest(): Promise<string | undefined> {
  const keycloak = keycloakOrNull();
  if (!keycloak?.token) return undefined;
  // A failed refresh has been dealt with (sign-in again, or offline: kept for the next check); the
  // request goes with the token at hand and gets its own answer («Sin conexión», or a 401).
  await refreshAccessToken(API_TOKEN_MIN_VALIDITY_S).catch(() => {});
  return keycloak.token;
}

import { API_TOKEN_MIN_VALIDITY_S } from '../lib/constants';
import { keycloakOrNull } from './keycloak';
import { refreshAccessToken } from './token-refresh';

/** The bearer token for an API call, refreshed first when under 5 s of validity remain. */
export async function accessTokenForRequest(): Promise<string | undefined> {
  const keycloak = keycloakOrNull();
  if (!keycloak?.token) return undefined;
  await refreshAccessToken(API_TOKEN_MIN_VALIDITY_S);
  return keycloak.token;
}

import { appRedirectUri, keycloakOrNull } from './keycloak';
import { rememberReturnPath } from './return-path';

let redirecting = false;

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Sends the person to the identity provider, coming back to `returnPath` afterwards. */
export function startSignIn(returnPath: string = currentPath()): void {
  const keycloak = keycloakOrNull();
  if (!keycloak || redirecting) return;
  redirecting = true;
  rememberReturnPath(returnPath);
  keycloak.login({ redirectUri: appRedirectUri() }).catch((error: unknown) => {
    redirecting = false;
    console.error('No se pudo iniciar la sesión', error);
  });
}

/** Ends the identity-provider session; it sends the browser back to `<origin>/`, hence to login. */
export async function signOutOfIdentityProvider(): Promise<void> {
  const keycloak = keycloakOrNull();
  if (!keycloak) return;
  await keycloak.logout({ redirectUri: appRedirectUri() });
}

/** Opens the identity provider's account page in a new tab. */
export function openAccountManagement(): void {
  const keycloak = keycloakOrNull();
  if (!keycloak) return;
  window.open(keycloak.createAccountUrl({ redirectUri: appRedirectUri() }), '_blank', 'noopener,noreferrer');
}

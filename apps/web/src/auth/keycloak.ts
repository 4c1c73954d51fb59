import Keycloak from 'keycloak-js';
import type { RuntimeConfig } from '@ecodigital/contracts/config';

let instance: Keycloak | null = null;

export function appRedirectUri(): string {
  return `${window.location.origin}/`;
}

export function createKeycloak(config: RuntimeConfig): Keycloak {
  instance = new Keycloak({ url: config.keycloakUrl, realm: config.realm, clientId: config.clientId });
  return instance;
}

/** The keycloak-js instance, or null before start-up created it (and in unit tests). */
export function keycloakOrNull(): Keycloak | null {
  return instance;
}

export function isAuthenticated(): boolean {
  return instance?.authenticated === true;
}

export async function initKeycloak(keycloak: Keycloak): Promise<boolean> {
  const initialised = keycloak.init({
    onLoad: 'login-required',
    pkceMethod: 'S256',
    responseMode: 'fragment',
    checkLoginIframe: false,
    redirectUri: appRedirectUri(),
  });
  // With `loginRequired`, keycloak-js's clearToken() redirects to login by itself (e.g. on an
  // invalid nonce), which cannot be rate-limited. `init` sets the flag synchronously; turning it off
  // leaves every sign-in restart to our guarded code.
  keycloak.loginRequired = false;
  return initialised;
}

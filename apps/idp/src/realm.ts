/** Keycloak's URL layout for realm `ecodigital`, so keycloak-js and the web build work unchanged. */
export const REALM_PATH = '/realms/ecodigital';

export const CLIENT_ID = 'ecodigital-web';

/** oidc-provider routes, relative to REALM_PATH (where the provider is mounted). */
export const PROVIDER_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
} as const;

/** Served by this app itself, not by oidc-provider. */
export const USERINFO_PATH = `${REALM_PATH}${PROVIDER_ROUTES.userinfo}`;
export const ACCOUNT_PATH = `${REALM_PATH}/account`;
export const LOGIN_ACTIONS_PATH = `${REALM_PATH}/login-actions/authenticate`;

/** Keycloak's default client scopes `profile`, `email` and `roles` apply to every request. */
export const DEFAULT_SCOPES = ['openid', 'profile', 'email', 'roles'] as const;

/**
 * Resource indicator every access token is issued for: with it oidc-provider issues JWT access
 * tokens. Its audience mimics Keycloak's (`account`); resource servers should not rely on `aud`.
 */
export const API_RESOURCE = 'urn:ecodigital:api';
export const ACCESS_TOKEN_AUDIENCE = 'account';

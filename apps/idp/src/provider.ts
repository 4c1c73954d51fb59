import Provider, { errors, type ProviderContext } from 'oidc-provider';
import { RefreshTokenAdapter, storageKey, StoreAdapter } from './adapter';
import type { IdpKeys } from './keys';
import { logoutSource, SESSION_COOKIE_OPTIONS } from './logout';
import { errorPage, loggedOutPage } from './pages';
import {
  ACCESS_TOKEN_AUDIENCE,
  API_RESOURCE,
  DEFAULT_SCOPES,
  LOGIN_ACTIONS_PATH,
  PROVIDER_ROUTES,
  USERINFO_PATH,
} from './realm';
import { RefreshTokenJwt, wrapIssuedRefreshTokens } from './refresh-token-jwt';
import type { PersistentStore } from './store';
import { profileClaims, type UserDirectory } from './users';

export interface ProviderSettings {
  issuer: string;
  publicUrl: string;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  webOrigins: string[];
  accessTokenTtl: number;
  keys: IdpKeys;
  users: UserDirectory;
  store: PersistentStore;
}

/** Keycloak's default "SSO Session Max" (10 h): sessions, grants and refresh tokens end with it. */
const SESSION_TTL_SECONDS = 10 * 60 * 60;
const DEFAULT_SCOPE = DEFAULT_SCOPES.join(' ');

/** Keycloak's access tokens list `profile` and `email` in `scope` even when only `openid` was asked for. */
function keycloakScope(granted: unknown): string {
  const scopes = typeof granted === 'string' ? granted.split(' ').filter(Boolean) : [];
  return [...new Set([...scopes, 'profile', 'email'])].join(' ');
}

/**
 * Keycloak's `sid` is the id of the SSO session. oidc-provider sets its own `sid` only for clients
 * with back-channel logout, so tokens carry the session uid (which codes and refresh tokens keep).
 */
function sessionUidOf(ctx: ProviderContext): string | undefined {
  const source = ctx.oidc.entities.AuthorizationCode ?? ctx.oidc.entities.RefreshToken;
  return typeof source?.sessionUid === 'string' ? source.sessionUid : undefined;
}

/** What the person (often the one who installs it) reads when the application asked for something wrong. */
const EXPLICACIONES_DE_ERROR: Record<string, string> = {
  invalid_redirect_uri:
    'La aplicación pidió volver a una dirección que este proveedor de identidad no tiene registrada. Si la aplicación escucha en otro puerto, arránquela con «npm start» (que lo tiene en cuenta) o indique su dirección en IDP_REDIRECT_URIS.',
  invalid_client: 'La aplicación que pide el inicio de sesión no está registrada en este proveedor de identidad.',
};

export function createProvider(settings: ProviderSettings): Provider {
  const { issuer, clientId, users, keys, store, webOrigins, accessTokenTtl } = settings;
  const refreshTokens = new RefreshTokenJwt(keys.refreshTokenSecret, issuer);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_name: 'EcoDigital',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: settings.redirectUris,
        post_logout_redirect_uris: settings.postLogoutRedirectUris,
      },
    ],
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      long: SESSION_COOKIE_OPTIONS,
      short: SESSION_COOKIE_OPTIONS,
    },
    adapter: (model: string) =>
      model === 'RefreshToken'
        ? new RefreshTokenAdapter(store, (value) => refreshTokens.unwrap(value))
        : new StoreAdapter(model, store),
    routes: PROVIDER_ROUTES,
    responseTypes: ['code'],
    scopes: [...DEFAULT_SCOPES],
    // Keycloak applies its default client scopes to every request, and keycloak-js asks only for
    // `openid`: mapping the profile claims to `openid` gives the same ID token.
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: [
        'sub',
        'typ',
        'azp',
        'sid',
        'preferred_username',
        'given_name',
        'family_name',
        'name',
        'email',
        'email_verified',
        'realm_access',
      ],
      profile: ['preferred_username', 'given_name', 'family_name', 'name'],
      email: ['email', 'email_verified'],
      roles: ['realm_access'],
    },
    conformIdTokenClaims: false,
    async findAccount(ctx: ProviderContext, sub: string) {
      const user = users.findById(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        async claims(use: string) {
          const idTokenOnly =
            use === 'id_token' ? { typ: 'ID', azp: ctx.oidc.client?.clientId, sid: sessionUidOf(ctx) } : {};
          return { sub: user.id, ...profileClaims(user), ...idTokenOnly };
        },
      };
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx: ProviderContext, origin: string) => webOrigins.includes(origin),
    interactions: {
      url: (_ctx: ProviderContext, interaction: { uid: string }) => `${LOGIN_ACTIONS_PATH}/${interaction.uid}`,
    },
    // First-party client: grant the default scopes without a consent screen.
    async loadExistingGrant(
      ctx: ProviderContext & {
        oidc: { session: { grantIdFor(id: string): string | undefined }; requestParamOIDCScopes?: Set<string> };
      },
    ) {
      const { client, session } = ctx.oidc;
      if (!client || !session.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const scope = [...new Set([...DEFAULT_SCOPES, ...(ctx.oidc.requestParamOIDCScopes ?? [])])].join(' ');
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(scope);
      grant.addResourceScope(API_RESOURCE, scope);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx: ProviderContext, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: accessTokenTtl,
      IdToken: accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 30 * 60,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
      RefreshToken: (ctx: ProviderContext | undefined) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken as { remainingTTL?: number } | undefined;
        return rotated?.remainingTTL ?? SESSION_TTL_SECONDS;
      },
    },
    formats: {
      customizers: {
        // Shapes the JWT access token like Keycloak's.
        jwt(
          _ctx: ProviderContext,
          token: { accountId?: string; clientId: string; sessionUid?: string },
          jwt: { payload: Record<string, unknown> },
        ) {
          const user = token.accountId ? users.findById(token.accountId) : undefined;
          Object.assign(jwt.payload, {
            typ: 'Bearer',
            azp: token.clientId,
            sid: token.sessionUid,
            ...(user ? profileClaims(user) : {}),
            scope: keycloakScope(jwt.payload.scope),
          });
        },
      },
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // oidc-provider's userinfo refuses access tokens with an audience, and JWT access tokens
      // always have one; the app serves userinfo itself (see profile.ts).
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource,
        async postLogoutSuccessSource(ctx: ProviderContext) {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        // Without this the token endpoint would issue opaque tokens for code and refresh grants.
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx: ProviderContext, resource: string) {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: DEFAULT_SCOPE,
            audience: ACCESS_TOKEN_AUDIENCE,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    discovery: {
      userinfo_endpoint: `${settings.publicUrl}${USERINFO_PATH}`,
    },
    async renderError(ctx: ProviderContext, out: { error?: string; error_description?: string }) {
      ctx.type = 'html';
      ctx.body = errorPage(
        'No se pudo completar la solicitud',
        EXPLICACIONES_DE_ERROR[out.error ?? ''] ??
          'La solicitud de inicio o cierre de sesión no es válida. Vuelva a la aplicación e inténtelo de nuevo.',
        [out.error, out.error_description].filter(Boolean).join(': '),
      );
    },
  });

  provider.proxy = true;
  provider.use(
    wrapIssuedRefreshTokens(
      refreshTokens,
      (id) => store.get(storageKey('RefreshToken', id)) as Record<string, unknown> | undefined,
    ),
  );
  provider.use(allowCredentialsForWebOrigins(webOrigins));
  provider.on('server_error', (_ctx, error) => console.error('idp: server error', error));
  return provider;
}

/**
 * oidc-provider's CORS never sends Access-Control-Allow-Credentials, but keycloak-js calls the
 * token endpoint with `credentials: 'include'`; and its preflights echo any origin.
 */
function allowCredentialsForWebOrigins(webOrigins: readonly string[]) {
  return async (ctx: ProviderContext, next: () => Promise<void>) => {
    await next();
    const origin = ctx.get('Origin');
    if (!origin || !ctx.response.get('Access-Control-Allow-Origin')) return;
    if (webOrigins.includes(origin)) {
      ctx.set('Access-Control-Allow-Credentials', 'true');
    } else if (ctx.path === PROVIDER_ROUTES.token) {
      for (const header of [
        'Access-Control-Allow-Origin',
        'Access-Control-Allow-Methods',
        'Access-Control-Allow-Headers',
        'Access-Control-Max-Age',
        'Access-Control-Expose-Headers',
      ]) {
        ctx.remove(header);
      }
    }
  };
}

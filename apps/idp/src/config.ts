import { DEFAULT_ACCESS_TOKEN_TTL, DEFAULT_DATA_DIR, DEFAULT_REDIRECT_URIS, type IdpOptions } from './app';

export class ConfigError extends Error {}

function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

function absoluteUrls(name: string, values: string[] | undefined): string[] | undefined {
  for (const value of values ?? []) {
    const protocol = URL.parse(value)?.protocol;
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new ConfigError(`${name}: "${value}" is not an absolute http(s) URL`);
  }
  return values;
}

function positiveInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  { allowZero = false } = {},
): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < (allowZero ? 0 : 1))
    throw new ConfigError(`${name}: "${value}" is not a valid number`);
  return number;
}

/** Reads the IdP options from the environment (see README for the table). */
export function loadIdpConfig(
  env: NodeJS.ProcessEnv = process.env,
): Required<Omit<IdpOptions, 'users' | 'publicUrl' | 'webOrigins' | 'postLogoutRedirectUris'>> & IdpOptions {
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'The development identity provider must not run with NODE_ENV=production (its demo users have public passwords). Use Keycloak: see deploy/keycloak/README.md.',
    );
  }
  const publicUrl = env.IDP_PUBLIC_URL?.trim() || undefined;
  absoluteUrls('IDP_PUBLIC_URL', publicUrl ? [publicUrl] : undefined);
  return {
    port: positiveInteger('IDP_PORT', env.IDP_PORT, 8080, { allowZero: true }),
    host: env.IDP_HOST?.trim() || 'localhost',
    publicUrl,
    redirectUris: absoluteUrls('IDP_REDIRECT_URIS', list(env.IDP_REDIRECT_URIS)) ?? DEFAULT_REDIRECT_URIS,
    postLogoutRedirectUris: absoluteUrls('IDP_POST_LOGOUT_REDIRECT_URIS', list(env.IDP_POST_LOGOUT_REDIRECT_URIS)),
    webOrigins: list(env.IDP_WEB_ORIGINS),
    accessTokenTtl: positiveInteger('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, DEFAULT_ACCESS_TOKEN_TTL),
    dataDir: env.IDP_DATA_DIR?.trim() || DEFAULT_DATA_DIR,
  };
}

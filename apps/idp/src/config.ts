import { ErrorDeConfiguracion, leer } from '@ecodigital/config/leer';
import { DEFAULT_ACCESS_TOKEN_TTL, DEFAULT_DATA_DIR, DEFAULT_REDIRECT_URIS, type IdpOptions } from './app';

/** A wrong setting: the message names the variable, in Spanish. */
export const ConfigError = ErrorDeConfiguracion;

/**
 * Reads the IdP options from the environment, each variable checked against its entry in
 * `packages/config` (the README's table comes from there).
 */
export function loadIdpConfig(
  env: NodeJS.ProcessEnv = process.env,
): Required<Omit<IdpOptions, 'users' | 'publicUrl' | 'webOrigins' | 'postLogoutRedirectUris'>> & IdpOptions {
  if (env.NODE_ENV === 'production') {
    throw new ErrorDeConfiguracion(
      'El proveedor de identidad de desarrollo no arranca con NODE_ENV=production (sus usuarios de demostración tienen contraseñas públicas). En producción use Keycloak: vea deploy/keycloak/README.md.',
    );
  }
  return {
    port: leer(env, 'IDP_PORT'),
    host: leer(env, 'IDP_HOST'),
    publicUrl: leer(env, 'IDP_PUBLIC_URL'),
    redirectUris: leer(env, 'IDP_REDIRECT_URIS') ?? DEFAULT_REDIRECT_URIS,
    postLogoutRedirectUris: leer(env, 'IDP_POST_LOGOUT_REDIRECT_URIS'),
    webOrigins: leer(env, 'IDP_WEB_ORIGINS'),
    accessTokenTtl: leer(env, 'ACCESS_TOKEN_TTL') ?? DEFAULT_ACCESS_TOKEN_TTL,
    dataDir: leer(env, 'IDP_DATA_DIR') ?? DEFAULT_DATA_DIR,
  };
}

import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWSAlgorithm,
  type JWTPayload,
} from 'jose';

/** Asymmetric only: an HMAC or `none` token would let anyone holding the public key sign. */
export const ALLOWED_ALGORITHMS: JWSAlgorithm[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

const CLOCK_TOLERANCE_SECONDS = 30;

export interface Principal {
  sub: string;
  username: string;
  nombres: string;
  apellidos: string;
  email: string | null;
  /** Realm roles (`realm_access.roles`). */
  roles: string[];
  claims: JWTPayload;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** The keys could not be fetched: the token may be fine, the identity provider is not. */
export class KeysUnavailableError extends Error {
  override name = 'KeysUnavailableError';
}

export interface AccessTokenVerifierOptions {
  issuer: string;
  clientId: string;
  /** Skips discovery. */
  jwksUri?: string;
  /** Minimum time between two JWKS fetches caused by unknown keys (default 30 s). */
  jwksCooldownMs?: number;
}

export type VerifyAccessToken = (token: string) => Promise<Principal>;

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): VerifyAccessToken {
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  const getKeySet = () => {
    keySet ??= resolveJwksUri(options).then((uri) =>
      // A key the cache does not know triggers one refetch; the cooldown stops forged kids from
      // turning every request into a fetch.
      createRemoteJWKSet(new URL(uri), {
        cooldownDuration: options.jwksCooldownMs ?? 30_000,
        cacheMaxAge: 10 * 60_000,
        timeoutDuration: 5_000,
      }),
    );
    // A failed discovery is retried on the next request instead of being cached forever.
    keySet.catch(() => {
      keySet = undefined;
    });
    return keySet;
  };

  return async (token) => {
    assertPlausible(token);
    const jwks = await getKeySet().catch((error: unknown) => {
      throw new KeysUnavailableError(`descubrimiento OIDC: ${(error as Error).message}`, { cause: error });
    });
    let verified;
    try {
      verified = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      });
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
        throw new KeysUnavailableError(`JWKS: ${(error as Error).message}`, { cause: error });
      }
      throw new InvalidTokenError(`${error.code}: ${error.message}`);
    }
    const { payload, protectedHeader } = verified;

    if (!isAccessToken(protectedHeader.typ, payload.typ)) {
      throw new InvalidTokenError(
        `no es un token de acceso (typ ${String(protectedHeader.typ)}/${String(payload.typ)})`,
      );
    }
    if (payload.azp !== options.clientId) {
      throw new InvalidTokenError(`azp ${String(payload.azp)} distinto de ${options.clientId}`);
    }
    return toPrincipal(payload);
  };
}

/** Refuses malformed tokens and foreign algorithms before any key is fetched. */
function assertPlausible(token: string): void {
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new InvalidTokenError('token mal formado');
  }
  if (!ALLOWED_ALGORITHMS.includes(alg as JWSAlgorithm))
    throw new InvalidTokenError(`algoritmo no permitido: ${String(alg)}`);
}

/**
 * RFC 9068 access tokens say `typ: at+jwt` in the header; Keycloak's say `typ: Bearer` in the
 * payload. ID tokens (Keycloak `typ: ID`, or neither marker) are refused: they are meant for the
 * client, and their `aud` is the client itself.
 */
function isAccessToken(headerTyp: unknown, payloadTyp: unknown): boolean {
  if (payloadTyp === 'ID' || payloadTyp === 'Refresh' || payloadTyp === 'Offline') return false;
  const header = typeof headerTyp === 'string' ? headerTyp.toLowerCase() : undefined;
  return header === 'at+jwt' || header === 'application/at+jwt' || payloadTyp === 'Bearer';
}

function toPrincipal(payload: JWTPayload): Principal {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const realmAccess = payload.realm_access as { roles?: unknown } | undefined;
  const roles = Array.isArray(realmAccess?.roles)
    ? realmAccess.roles.filter((role): role is string => typeof role === 'string')
    : [];
  return {
    sub: payload.sub!,
    username: text(payload.preferred_username) ?? payload.sub!,
    nombres: text(payload.given_name) ?? '',
    apellidos: text(payload.family_name) ?? '',
    email: text(payload.email) ?? null,
    roles,
    claims: payload,
  };
}

async function resolveJwksUri({ issuer, jwksUri }: AccessTokenVerifierOptions): Promise<string> {
  if (jwksUri) return jwksUri;
  const discovery = await fetchDiscovery(issuer);
  if (typeof discovery.jwks_uri !== 'string') throw new Error('El documento de descubrimiento no tiene jwks_uri');
  return discovery.jwks_uri;
}

export async function fetchDiscovery(issuer: string, timeoutMs = 5_000): Promise<Record<string, unknown>> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Descubrimiento OIDC respondió ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

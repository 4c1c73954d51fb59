import { decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWSAlgorithm, type JWTPayload } from 'jose';
import { createJwksCache, KeysUnavailableError, type JwksStatus } from './jwks-cache';

export { KeysUnavailableError };

/** Asymmetric only: an HMAC or `none` token would let anyone holding the public key sign. */
const ALLOWED_ALGORITHMS: JWSAlgorithm[] = [
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
  /** The groups claim's entries when `groupsClaim` is configured (their unidades); null otherwise. */
  grupos: string[] | null;
  claims: JWTPayload;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export interface AccessTokenVerifierOptions {
  issuer: string;
  clientId: string;
  /** Skips discovery. */
  jwksUri?: string;
  /** Minimum time between two JWKS fetches caused by unknown keys (default 30 s). */
  jwksCooldownMs?: number;
  /** How long the last keys fetched stay trusted while the provider cannot be reached (default 24 h). */
  jwksMaxStaleMs?: number;
  /** Keys younger than this are used without asking the provider again (default 10 min). */
  jwksFreshMs?: number;
  /** Longest `exp - iat` accepted, in seconds (default 24 h): a token valid for years is refused. */
  maxLifetimeSeconds?: number;
  /** When set, `aud` must contain it (Keycloak can add the API as an audience). */
  audience?: string;
  /** The key cache's clock (tests move it instead of waiting). */
  clock?: () => number;
  /** Claim holding the person's groups (Keycloak's group mapper, e.g. `groups`). */
  groupsClaim?: string;
}

export interface VerifyAccessToken {
  (token: string): Promise<Principal>;
  /** The state of the identity provider's keys, for `/api/health`. */
  keys(): JwksStatus;
  /** Fetches the keys unless usable ones are held. */
  ensureKeys(): Promise<void>;
}

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): VerifyAccessToken {
  let jwksUri: Promise<string> | undefined;
  const resolveUri = () => {
    jwksUri ??= resolveJwksUri(options);
    // A failed discovery is retried on the next fetch instead of being remembered forever.
    jwksUri.catch(() => {
      jwksUri = undefined;
    });
    return jwksUri;
  };
  const cache = createJwksCache({
    jwksUri: resolveUri,
    cooldownMs: options.jwksCooldownMs,
    maxStaleMs: options.jwksMaxStaleMs,
    freshMs: options.jwksFreshMs,
    now: options.clock,
  });
  const maxLifetime = options.maxLifetimeSeconds ?? 24 * 3600;

  const verify = async (token: string) => {
    assertPlausible(token);
    let verified;
    try {
      verified = await jwtVerify(token, cache.getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub', 'iat'],
      });
    } catch (error) {
      if (error instanceof KeysUnavailableError) throw error;
      if (!(error instanceof joseErrors.JOSEError)) {
        throw new KeysUnavailableError(`JWKS: ${(error as Error).message}`, { cause: error });
      }
      throw new InvalidTokenError(`${error.code}: ${error.message}`);
    }
    const { payload, protectedHeader } = verified;
    assertTimes(payload, maxLifetime);

    if (!isAccessToken(protectedHeader.typ, payload.typ)) {
      throw new InvalidTokenError(
        `no es un token de acceso (typ ${String(protectedHeader.typ)}/${String(payload.typ)})`,
      );
    }
    if (payload.azp !== options.clientId) {
      throw new InvalidTokenError(`azp ${String(payload.azp)} distinto de ${options.clientId}`);
    }
    return toPrincipal(payload, options.groupsClaim);
  };
  return Object.assign(verify, { keys: () => cache.status(), ensureKeys: () => cache.ensure() });
}

/**
 * jose checks `exp` and `nbf`; a token issued in the future, or meant to last for years, is also a
 * forgery or a misconfigured issuer, and is refused.
 */
function assertTimes(payload: JWTPayload, maxLifetime: number): void {
  const now = Math.floor(Date.now() / 1000);
  const iat = payload.iat!;
  if (iat > now + CLOCK_TOLERANCE_SECONDS) throw new InvalidTokenError(`iat en el futuro (${iat})`);
  const lifetime = payload.exp! - iat;
  if (lifetime > maxLifetime) throw new InvalidTokenError(`vida del token ${lifetime} s > ${maxLifetime} s`);
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

/** A token names at most this many groups, none longer than this: more is not a person's membership. */
const MAX_GRUPOS = 200;
const MAX_LARGO_GRUPO = 255;

function toPrincipal(payload: JWTPayload, groupsClaim?: string): Principal {
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
    grupos: groupsClaim === undefined ? null : gruposDe(payload[groupsClaim]),
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

/** The groups claim as a list of names; anything else in it (or too much of it) counts as none. */
function gruposDe(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, MAX_GRUPOS)
    .filter(
      (grupo): grupo is string => typeof grupo === 'string' && grupo.length > 0 && grupo.length <= MAX_LARGO_GRUPO,
    );
}

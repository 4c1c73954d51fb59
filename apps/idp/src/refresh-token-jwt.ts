import type { ProviderMiddleware } from 'oidc-provider';
import { signHs256, verifyHs256 } from './jwt';
import { PROVIDER_ROUTES } from './realm';

/**
 * keycloak-js decodes the refresh token as a JWT (it reads `exp`), while oidc-provider's are
 * opaque. Clients therefore get the opaque value wrapped in an HS256 JWT shaped like Keycloak's
 * refresh tokens (`typ: 'Refresh'`); only a JWT with a valid signature unwraps back to it.
 */
export class RefreshTokenJwt {
  constructor(
    private readonly secret: Buffer,
    private readonly issuer: string,
  ) {}

  /** `stored` is the refresh token's payload as oidc-provider saved it. */
  wrap(opaque: string, stored: Record<string, unknown>): string {
    return signHs256(
      {
        exp: stored.exp,
        iat: stored.iat,
        jti: opaque,
        iss: this.issuer,
        aud: this.issuer,
        sub: stored.accountId,
        typ: 'Refresh',
        azp: stored.clientId,
        sid: stored.sessionUid,
        scope: stored.scope,
      },
      this.secret,
    );
  }

  /** The opaque refresh token inside a valid wrapper, or undefined. */
  unwrap(value: string): string | undefined {
    try {
      const payload = verifyHs256(value, this.secret);
      if (payload.typ !== 'Refresh' || payload.iss !== this.issuer || typeof payload.jti !== 'string') return undefined;
      return payload.jti;
    } catch {
      return undefined;
    }
  }
}

/** Replaces the opaque refresh token in token responses with its JWT wrapper. */
export function wrapIssuedRefreshTokens(
  codec: RefreshTokenJwt,
  findStored: (opaque: string) => Record<string, unknown> | undefined,
): ProviderMiddleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'POST' || ctx.path !== PROVIDER_ROUTES.token || ctx.status !== 200) return;

    const body = ctx.body as { refresh_token?: unknown } | undefined;
    if (typeof body?.refresh_token !== 'string') return;
    // Without rotation oidc-provider echoes the token it was sent, which is already wrapped.
    if (codec.unwrap(body.refresh_token) !== undefined) return;

    const stored = findStored(body.refresh_token);
    if (!stored) throw new Error('issued refresh token not found in the store');
    body.refresh_token = codec.wrap(body.refresh_token, stored);
  };
}

import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { proveedorIdentidadNoDisponible, unauthorized } from '../shared/errors';
import {
  createAccessTokenVerifier,
  InvalidTokenError,
  type Principal,
  type VerifyAccessToken,
} from '../shared/auth/access-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for scopes whose routes need a signed-in person. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The identity provider's signing keys as the API holds them (health reports them). */
    identityKeys: Pick<VerifyAccessToken, 'keys' | 'ensureKeys'>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; only read inside an authenticated scope. */
    principal: Principal;
  }
}

interface AuthPluginOptions {
  issuer: string;
  clientId: string;
  jwksUri?: string;
  audience?: string;
  maxLifetimeSeconds?: number;
  jwksMaxStaleMs?: number;
  groupsClaim?: string;
}

/** Decorates `authenticate` (bearer access token → `request.principal`). Depends on nothing. */
export default fp<AuthPluginOptions>(
  async (app, options) => {
    const verify: VerifyAccessToken = createAccessTokenVerifier(options);

    app.decorate('identityKeys', { keys: () => verify.keys(), ensureKeys: () => verify.ensureKeys() });
    app.decorateRequest('principal', null as unknown as Principal);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw withChallenge(reply);
      try {
        request.principal = await verify(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          request.log.info({ reason: error.message }, 'token rechazado');
          throw withChallenge(reply);
        }
        request.log.error({ err: error }, 'no se pudieron obtener las claves del proveedor de identidad');
        throw proveedorIdentidadNoDisponible();
      }
    });
  },
  { name: 'auth' },
);

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header?.trim() ?? '');
  return match?.[1];
}

function withChallenge(reply: FastifyReply) {
  reply.header('www-authenticate', 'Bearer');
  return unauthorized();
}

import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LimitesPorMinuto } from '../config';
import { ApiHttpError } from '../shared/errors';

/** The expensive kinds of request; each has its own budget per caller (`LimitesPorMinuto`). */
type ClaseLimitada = keyof LimitesPorMinuto;

/**
 * A route's budget: the class it counts against, and optionally which of its requests count (the
 * list counts only when it searches by text).
 */
export interface LimiteDeRuta {
  clase: ClaseLimitada;
  cuenta?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    limite?: LimiteDeRuta;
  }
}

const MINUTO_MS = 60_000;

const demasiadas = (max: number, segundos: number) =>
  new ApiHttpError(
    429,
    `Ha hecho demasiadas peticiones de este tipo (máximo ${max} por minuto). Espere ${segundos} s y vuelva a intentarlo.`,
    'DEMASIADAS_PETICIONES',
  );

/**
 * Per-caller budgets of the expensive routes (`config.limite` on the route), with
 * `@fastify/rate-limit`: keyed by the verified token's `sub` (the address only for a request
 * without one, which authentication refuses anyway), counted per class across its routes, in this
 * instance's memory — with N instances behind a balancer one person gets at most N times the
 * budget. Over it: 429, `Retry-After` and a Spanish message. Runs after authentication and before
 * the body is read, so a refused upload sends no bytes to disk.
 */
export default fp<{ porMinuto: LimitesPorMinuto }>(
  async (app, { porMinuto }) => {
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => request.principal?.sub ?? request.ip,
      errorResponseBuilder: (_request, context) => demasiadas(context.max, Math.max(1, Math.ceil(context.ttl / 1000))),
      // Only the answer over the budget says so; the others carry no rate headers.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
    });
    // One limiter (and one count) per class, shared by its routes.
    type Limitador = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    const limitadores = new Map<ClaseLimitada, Limitador>();
    for (const [clase, max] of Object.entries(porMinuto) as [ClaseLimitada, number][]) {
      if (max > 0) limitadores.set(clase, app.rateLimit({ max, timeWindow: MINUTO_MS }) as unknown as Limitador);
    }
    app.addHook('onRoute', (route) => {
      const limite = route.config?.limite;
      const limitador = limite && limitadores.get(limite.clase);
      if (!limite || !limitador) return;
      const hook = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        if (limite.cuenta && !limite.cuenta(request)) return;
        await limitador.call(this, request, reply);
      };
      // Route hooks run after the scope's: `authenticate` has set `request.principal` by now.
      const propios = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [...propios, hook];
    });
  },
  { name: 'limites', dependencies: ['auth'] },
);

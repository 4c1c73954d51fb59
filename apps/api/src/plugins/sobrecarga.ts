import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { RETRY_AFTER_SECONDS } from './error-handler';

interface SobrecargaOptions {
  /** Mean event loop delay beyond which new requests are refused; 0 = not checked. */
  retardoMaxMs: number;
  /** Heap used beyond which new requests are refused; 0 = not checked. */
  memoriaMaxMb: number;
}

const MENSAJE = 'El servidor está sobrecargado en este momento. Inténtelo de nuevo en unos segundos.';

/**
 * Load shedding with `@fastify/under-pressure`: while this instance is over a limit, new requests
 * answer 503 at once, with `Retry-After`, instead of queueing behind the work that overloads it
 * (a balancer sends them to another instance; the web shows the message). Sampled about once a
 * second.
 */
export default fp<SobrecargaOptions>(
  async (app, { retardoMaxMs, memoriaMaxMb }) => {
    if (retardoMaxMs === 0 && memoriaMaxMb === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay: retardoMaxMs,
      maxHeapUsedBytes: memoriaMaxMb * 1024 * 1024,
      pressureHandler: (request, reply, tipo, valor) => {
        request.log.warn({ tipo, valor }, 'instancia sobrecargada: petición rechazada');
        // Already text: the route's own answer schemas (e.g. the health check's 503) do not apply.
        void reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ success: false, msg: MENSAJE, code: 'SOBRECARGA' }));
      },
    });
  },
  { name: 'sobrecarga' },
);

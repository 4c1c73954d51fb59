import fp from 'fastify-plugin';
import { COLA_VERIFICACION, LIMITE_VERIFICACION_MS } from './verificacion.service';

/**
 * Defines the `verificacion` queue on the job runner. Its jobs run in the request that asks for
 * them (`runExclusive`), never by a worker: the queue gives them the one-at-a-time per expediente,
 * the lease, the record of a failure and the pause.
 */
export default fp(
  async (app) => {
    app.jobs.define({
      name: COLA_VERIFICACION,
      title: 'Verificación de integridad',
      workers: 0,
      maxAttempts: 1,
      timeLimitMs: LIMITE_VERIFICACION_MS,
      timeLimitReason: (ms) => `La verificación tardó más de ${ms / 60_000} min y se detuvo.`,
      unexpectedFailureReason: 'La verificación no pudo terminar: no se pudo leer el almacenamiento.',
    });
  },
  { name: 'verificacion', dependencies: ['jobs'] },
);

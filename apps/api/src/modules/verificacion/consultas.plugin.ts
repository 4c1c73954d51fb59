import fp from 'fastify-plugin';
import type { VerificacionPublicaConfig } from '../../config';
import { borrarConsultasAntiguas } from './verificacion.repository';

/** The queue of the daily deletion of old look-ups (listed by migration 038). */
export const COLA_CONSULTAS_VERIFICACION = 'consultas-verificacion';
const CLAVE_PODA = 'poda';
const CADA_MS = 86_400_000;
/** Rows deleted per committed step: a first deletion of years of look-ups never holds one long transaction. */
export const LOTE_PODA = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    consultasVerificacion: {
      /** Makes sure the daily deletion is scheduled (idempotent: every instance does it once it listens). */
      programar(): Promise<void>;
    };
  }
}

/**
 * Every look-up of the public verification is recorded (`consulta_verificacion`, migration 035), and
 * anybody may make them: kept `VERIFICACION_CONSULTAS_DIAS` days, then deleted by a recurring job of
 * the job runner, once a day, in batches of `LOTE_PODA` rows each committed on its own.
 */
export default fp<{ config: VerificacionPublicaConfig }>(
  async (app, { config }) => {
    app.jobs.define({
      name: COLA_CONSULTAS_VERIFICACION,
      title: 'Borrado de las consultas de verificación antiguas',
      workers: 1,
      maxAttempts: 3,
      unexpectedFailureReason:
        'No se pudieron borrar las consultas de verificación antiguas: error de la base de datos.',
      run: async (_trabajo, { signal, step, complete, log }) => {
        let borradas = 0;
        for (;;) {
          signal.throwIfAborted();
          const lote = await step((tx) => borrarConsultasAntiguas(tx, config.conservarDias, LOTE_PODA));
          borradas += lote;
          if (lote < LOTE_PODA) break;
        }
        await complete();
        if (borradas > 0) log.info({ borradas }, 'consultas de verificación antiguas borradas');
      },
    });
    const consultasVerificacion = {
      programar: () =>
        app.jobs.schedule(
          COLA_CONSULTAS_VERIFICACION,
          CLAVE_PODA,
          CADA_MS,
          `Borra las consultas de verificación de hace más de ${config.conservarDias} días`,
        ),
    };
    app.decorate('consultasVerificacion', consultasVerificacion);
    app.addHook('onListen', async () => {
      await consultasVerificacion
        .programar()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'verificación: no se programó el borrado de consultas'),
        );
    });
  },
  { name: 'consultas-verificacion', dependencies: ['jobs'] },
);

import fp from 'fastify-plugin';
import type { IntegridadConfig } from '../../config';
import { CLAVE_REVISION, COLA_INTEGRIDAD, COMPROBAR_CADA_MS, revisar } from './revision';

declare module 'fastify' {
  interface FastifyInstance {
    integridad: {
      /** Makes sure the recurring revision job exists (idempotent: every instance does it once it listens). */
      programar(): Promise<void>;
    };
  }
}

/**
 * The rolling fixity revision (issue 20) on the job runner: one recurring job that looks every
 * `COMPROBAR_CADA_MS` whether a round is due and, if so, runs or resumes it. An instance with
 * `INTEGRIDAD_MIB_POR_SEGUNDO=0` only keeps the job scheduled.
 */
export default fp<{ config: IntegridadConfig }>(
  async (app, { config }) => {
    app.jobs.define({
      name: COLA_INTEGRIDAD,
      title: 'Revisión de la integridad de los documentos',
      workers: config.bytesPorSegundo > 0 ? 1 : 0,
      maxAttempts: 10,
      unexpectedFailureReason: 'La revisión de integridad no pudo leer el almacenamiento; se reintentará.',
      run: (_job, context) => revisar({ db: app.db, storage: app.storage, config }, context),
    });
    const integridad = {
      programar: () =>
        app.jobs.schedule(COLA_INTEGRIDAD, CLAVE_REVISION, COMPROBAR_CADA_MS, 'Revisión periódica de la integridad'),
    };
    app.decorate('integridad', integridad);
    app.addHook('onListen', async () => {
      await integridad
        .programar()
        .catch((error: unknown) => app.log.error({ err: error }, 'integridad: no se programó la revisión'));
    });
  },
  { name: 'integridad', dependencies: ['jobs', 'storage'] },
);

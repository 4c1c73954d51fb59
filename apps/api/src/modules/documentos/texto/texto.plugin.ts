import fp from 'fastify-plugin';
import type { ExtraccionConfig } from '../../../config';
import { COLA_TEXTO } from './cola';
import { ExtraccionTexto } from './trabajador';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background extraction of the text of documents: the `texto` queue of `jobs`. */
    extraccionTexto: {
      /** Something was uploaded: this instance's idle workers look for it now. */
      despertar(): void;
      /** Extracts the available documents one after another until none is left (tests, tools). */
      procesarPendientes(): Promise<number>;
      /** Ends this instance's extraction processes (the next document starts a fresh one). */
      detener(): Promise<void>;
    };
  }
}

/**
 * Defines the `texto` queue on the job runner (its workers start and stop with it) and decorates
 * `extraccionTexto`. Its extraction processes end with the app.
 */
export default fp<{ config: ExtraccionConfig }>(
  async (app, { config }) => {
    const extraccion = new ExtraccionTexto({ db: app.db, storage: app.storage, config });
    app.jobs.define(extraccion.cola());
    app.decorate('extraccionTexto', {
      despertar: () => app.jobs.wake(COLA_TEXTO),
      procesarPendientes: () => app.jobs.drain(COLA_TEXTO),
      detener: async () => extraccion.cerrar(),
    });
    app.addHook('preClose', async () => {
      await app.jobs.stop();
      extraccion.cerrar();
    });
  },
  { name: 'extraccion-texto', dependencies: ['database', 'storage', 'jobs'] },
);

import fp from 'fastify-plugin';
import type { ExtraccionConfig } from '../../../config';
import { TrabajadorTexto } from './trabajador';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background extraction of the text of documents (issue 13). */
    extraccionTexto: TrabajadorTexto;
  }
}

/**
 * Decorates `extraccionTexto`. Its loops start once the server listens (the migrations have run
 * by then) when `EXTRACCION_TRABAJOS` > 0, and stop with the app; tests that `inject` drain the
 * queue themselves with `procesarPendientes()`.
 */
export default fp<{ config: ExtraccionConfig }>(
  async (app, { config }) => {
    const trabajador = new TrabajadorTexto({ db: app.db, storage: app.storage, config, log: app.log });
    app.decorate('extraccionTexto', trabajador);
    app.addHook('onListen', async () => trabajador.iniciar());
    app.addHook('preClose', async () => trabajador.detener());
  },
  { name: 'extraccion-texto', dependencies: ['database', 'storage'] },
);

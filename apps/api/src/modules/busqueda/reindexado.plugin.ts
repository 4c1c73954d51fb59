import fp from 'fastify-plugin';
import { ejecutarReindexado, tomarReindexadoAbandonado } from './indice-texto.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs re-indexings in the background (issue 13). */
    reindexado: { lanzar(id: number): void };
  }
}

/** How often a listening instance looks for a run whose instance stopped. */
const REVISION_MS = 30_000;

/**
 * Decorates `reindexado`: `lanzar` runs a re-indexing in the background of this instance. Once the
 * server listens, every `REVISION_MS` it resumes a run another instance left unfinished. Stops (and
 * waits for the batch in progress) when the app closes; the run's lease then lets another resume it.
 */
export default fp(
  async (app) => {
    let activo = true;
    const enCurso = new Set<Promise<unknown>>();
    const lanzar = (id: number) => {
      const ejecucion = ejecutarReindexado(app.db, id, {
        log: app.log,
        seguir: () => activo,
        alAvanzar: () => app.extraccionTexto.despertar(),
      })
        .catch((error: unknown) => app.log.error({ err: error, id }, 'reindexado interrumpido'))
        .finally(() => enCurso.delete(ejecucion));
      enCurso.add(ejecucion);
    };
    app.decorate('reindexado', { lanzar });

    let revision: NodeJS.Timeout | undefined;
    app.addHook('onListen', async () => {
      revision = setInterval(() => {
        if (enCurso.size > 0) return;
        tomarReindexadoAbandonado(app.db)
          .then((id) => id !== undefined && lanzar(id))
          .catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo revisar los reindexados'));
      }, REVISION_MS);
      revision.unref();
    });
    app.addHook('preClose', async () => {
      activo = false;
      clearInterval(revision);
      await Promise.all(enCurso);
    });
  },
  { name: 'reindexado', dependencies: ['database', 'extraccion-texto'] },
);

import fp from 'fastify-plugin';
import { COLA_TEXTO } from '../documentos/documentos.public';
import { cerrarReindexado, COLA_REINDEXADO, ejecutarReindexado } from './indice-texto.service';

/**
 * Defines the `reindexado` queue on the job runner: each job is one run (`iniciarReindexado`
 * queues it), taken by one worker of any instance; a run whose instance stopped is resumed by
 * another where it stopped once its lease expires. Each batch wakes the extraction of text, which
 * has work when the run extracts everything again.
 */
export default fp(
  async (app) => {
    app.jobs.define({
      name: COLA_REINDEXADO,
      title: 'Reindexado del índice de búsqueda',
      workers: 1,
      maxAttempts: 5,
      unexpectedFailureReason: 'El reindexado se interrumpió por un error de la base de datos.',
      run: (trabajo, { step, signal, log }) =>
        ejecutarReindexado(step, Number(trabajo.key), {
          log,
          signal,
          alAvanzar: () => app.jobs.wake(COLA_TEXTO),
        }),
      onFailed: (tx, trabajo) => cerrarReindexado(tx, Number(trabajo.key)),
    });
  },
  { name: 'reindexado', dependencies: ['jobs', 'extraccion-texto'] },
);

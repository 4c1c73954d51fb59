import type { FastifyBaseLogger } from 'fastify';
import type { ExtraccionConfig } from '../../../../config';
import type { Database } from '../../../../db/database';
import { JobRunner } from '../../../../shared/jobs/job-runner';
import type { DocumentStorage } from '../../../../storage/document-storage';
import { silentLog } from '../../../../testing/silent-log';
import type { TestStack } from '../../../../testing/test-stack';
import { COLA_TEXTO } from '../cola';
import { ExtraccionTexto } from '../trabajador';

/** An instance's extraction of text apart from the test app's: its own runner, limits, storage or connection. */
export interface ExtraccionDePrueba {
  jobs: JobRunner;
  /** Extracts the available documents one after another; answers how many. */
  procesarPendientes(): Promise<number>;
  detener(): Promise<void>;
}

export function extraccionDePrueba(
  stack: TestStack,
  opciones: {
    config?: Partial<ExtraccionConfig>;
    storage?: DocumentStorage;
    db?: Database;
    log?: FastifyBaseLogger;
  } = {},
): ExtraccionDePrueba {
  const app = stack.app();
  const db = opciones.db ?? app.db;
  const jobs = new JobRunner({ db, log: opciones.log ?? silentLog, idlePollMs: 100 });
  const extraccion = new ExtraccionTexto({
    db,
    storage: opciones.storage ?? app.storage,
    config: { ...stack.testApp().config.extraccion, trabajos: 1, ...opciones.config },
  });
  jobs.define(extraccion.cola());
  return {
    jobs,
    procesarPendientes: () => jobs.drain(COLA_TEXTO),
    async detener() {
      await jobs.stop();
      extraccion.cerrar();
    },
  };
}

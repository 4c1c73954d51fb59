import fp from 'fastify-plugin';
import { hoyMadrid } from '../../shared/plazos/calendario';
import { COLA_AVISOS_PLAZO, enviarAvisos } from './avisos';

interface AvisosPlazoOptions {
  config: { avisoDias: number; revisionMs: number };
}

/**
 * Defines the `avisos-plazo` queue and its recurring job: every `revisionMs` one worker of one
 * instance looks for the plazos to warn of (`enviarAvisos`) and writes them only while its take
 * still holds the job. The schedule is set once the server listens (the migrations have run).
 */
export default fp<AvisosPlazoOptions>(
  async (app, { config }) => {
    app.jobs.define({
      name: COLA_AVISOS_PLAZO,
      title: 'Avisos de plazos de resolución',
      workers: 1,
      maxAttempts: 3,
      unexpectedFailureReason: 'No se pudieron enviar los avisos de plazo: error de la base de datos.',
      run: async (_trabajo, { complete, log }) => {
        let enviados = 0;
        await complete(async (tx) => {
          enviados = await enviarAvisos(tx, hoyMadrid(), config.avisoDias);
        });
        if (enviados > 0) log.info({ enviados }, 'avisos de plazo enviados');
      },
    });
    app.addHook('onListen', async () => {
      await app.jobs.schedule(COLA_AVISOS_PLAZO, 'revision', config.revisionMs, 'Busca los plazos que avisar');
    });
  },
  { name: 'avisos-plazo', dependencies: ['jobs'] },
);

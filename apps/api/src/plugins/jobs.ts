import fp from 'fastify-plugin';
import { JobRunner } from '../shared/jobs/job-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs of every queue (`shared/jobs/`): modules define their queues on it. */
    jobs: JobRunner;
  }
}

/**
 * Decorates `jobs`. Modules define their queues while the app loads; the workers start once the
 * server listens (the migrations have run by then) and stop before the app closes, giving the
 * jobs they hold back to their queues. Tests that `inject` run a queue with `jobs.drain(name)`.
 */
export default fp(
  async (app) => {
    const jobs = new JobRunner({ db: app.db, log: app.log });
    app.decorate('jobs', jobs);
    app.addHook('onListen', async () => jobs.start());
    app.addHook('preClose', async () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);

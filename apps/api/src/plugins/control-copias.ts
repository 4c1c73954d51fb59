import fp from 'fastify-plugin';
import type { PgliteDatabase } from '../db/pglite-database';
import { servirControl } from '../copias/control';

/**
 * With the embedded database, serves the backup's control socket (`copias/control.ts`): a backup
 * taken while the API runs gets its dump from here, since no other process may open the folder.
 */
export default fp<{ dataDir: string }>(
  async (app, options) => {
    if (app.db.kind !== 'pglite') return;
    const cerrar = await servirControl(app.db as PgliteDatabase, options.dataDir, app.log);
    app.addHook('onClose', cerrar);
  },
  { name: 'control-copias', dependencies: ['database'] },
);

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
    try {
      const cerrar = await servirControl(app.db as PgliteDatabase, options.dataDir, app.log);
      app.addHook('onClose', cerrar);
    } catch (error) {
      // A path too long for a unix socket, a read-only folder: the API serves; only backups while it runs fail.
      app.log.warn(
        { err: error },
        'No se pudo abrir el socket de las copias de seguridad: con la API en marcha, «npm run backup» no podrá volcar la base embebida.',
      );
    }
  },
  { name: 'control-copias', dependencies: ['database'] },
);

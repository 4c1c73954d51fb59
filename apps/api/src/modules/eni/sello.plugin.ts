import fp from 'fastify-plugin';
import type { SelloConfig } from '../../config';
import type { FirmarIndice } from '../../shared/firma-indice';
import { firmarIndice, verificarFirmas } from './firmas.service';
import { leerSello, type Sello } from './sello';
import { asegurarSelloDesarrollo, PASSWORD_DESARROLLO } from './sello-desarrollo';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seal (the development one is created on first use); null when none is configured. */
    sello: () => Promise<Sello | null>;
  }
}

/**
 * The institution's seal. A configured PKCS#12 is read at start (a wrong password stops it); the
 * development seal is created under `<DATA_DIR>/sello-desarrollo` the first time something is signed,
 * so an instance that signs nothing (most tests) pays nothing. In production without `SELLO_P12`
 * there is no seal, and closing an expediente is refused saying so.
 */
export default fp<{ config: SelloConfig }>(
  async (app, { config }) => {
    let obtener: () => Promise<Sello | null>;
    if (config.p12) {
      const sello = await leerSello(config.p12, config.password, { soloDesarrollo: false, tsaUrl: config.tsaUrl });
      app.log.info(
        { sujeto: sello.certificado.subject, caduca: sello.certificado.notAfter },
        'sello de la institución',
      );
      obtener = () => Promise.resolve(sello);
    } else if (config.dirDesarrollo) {
      const dir = config.dirDesarrollo;
      let desarrollo: Promise<Sello> | undefined;
      obtener = () =>
        (desarrollo ??= asegurarSelloDesarrollo(dir).then((p12) =>
          leerSello(p12, PASSWORD_DESARROLLO, { soloDesarrollo: true, tsaUrl: config.tsaUrl }),
        ));
    } else {
      app.log.warn(
        'Sin SELLO_P12 no se puede cerrar ningún expediente: su índice se firma con el sello de la institución.',
      );
      obtener = () => Promise.resolve(null);
    }
    const firmar: FirmarIndice | null =
      config.p12 || config.dirDesarrollo
        ? async (tx, datos) => {
            await firmarIndice(tx, (await obtener())!, datos);
          }
        : null;
    app.decorate('sello', obtener);
    app.decorate('firmarIndice', firmar);
    app.decorate('verificarFirmas', verificarFirmas);
  },
  { name: 'sello' },
);

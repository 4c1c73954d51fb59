/**
 * The extraction process: the API forks it (see `extractor-aislado.ts`) and hands it one document
 * at a time; whatever a hostile file does to it (time, memory, a crash) stays in here.
 */
import { extraerDocumento } from './extraer';
import { cerrarOcr } from './ocr';
import { ErrorDeExtraccion } from './resultado';
import type { PeticionExtraccion, RespuestaExtraccion } from './extractor-aislado';

const enviar = (respuesta: RespuestaExtraccion) => process.send?.(respuesta);

process.on('message', (peticion: PeticionExtraccion) => {
  extraerDocumento(peticion.ruta, peticion.opciones).then(
    (resultado) => enviar({ id: peticion.id, ok: true, resultado }),
    (error: unknown) =>
      enviar({
        id: peticion.id,
        ok: false,
        motivo: error instanceof ErrorDeExtraccion ? error.message : 'No se pudo leer el documento.',
        permanente: error instanceof ErrorDeExtraccion && error.permanente,
        detalle: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});

// The API closed the channel (it stops, or recycles this process): leave.
process.on('disconnect', () => {
  void cerrarOcr().finally(() => process.exit(0));
});

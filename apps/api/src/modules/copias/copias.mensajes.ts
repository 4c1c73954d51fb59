import { ApiHttpError } from '../../shared/errors';
import { cifra } from '../../shared/numeros';

export const MENSAJES_COPIAS = {
  documentoNoExiste: 'El documento no existe.',
  formatoSinCopia:
    'Solo se hacen copias auténticas de documentos PDF, JPEG o PNG: este documento está en otro formato. Descárguelo tal como se guardó.',
  anulado: 'El documento está anulado: no se hace copia auténtica de un documento anulado.',
  originalIlegible:
    'No se pudo leer el documento para hacer su copia auténtica (está cifrado o dañado). Descárguelo tal como se guardó.',
  archivoAusente: 'El archivo del documento no está en el almacenamiento: no se puede hacer su copia auténtica.',
  sinSello: 'No hay sello de la institución configurado (SELLO_P12): no se pueden firmar copias auténticas.',
  sinUrlPublica:
    'Falta la dirección pública de la web (URL_PUBLICA): sin ella la copia no podría decir dónde se comprueba. Avise a quien administra el servicio.',
  /** The reason on the page that stands for a document too large to copy into the foliated PDF. */
  foliadoDocumentoDemasiadoGrande: (mb: number, maxMb: number) =>
    `El documento ocupa ${cifra(mb)} MB y el PDF foliado reproduce documentos de hasta ${cifra(maxMb)} MB: ` +
    'se obtiene descargándolo del expediente (o en la exportación ENI), y la huella SHA-256 identifica el original.',
} as const;

export const documentoNoExiste = () =>
  new ApiHttpError(404, MENSAJES_COPIAS.documentoNoExiste, 'NOT_FOUND', 'documento');
export const conflictoCopia = (mensaje: string, codigo: string) => new ApiHttpError(409, mensaje, codigo);

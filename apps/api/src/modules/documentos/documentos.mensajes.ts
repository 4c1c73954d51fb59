import { ApiHttpError } from '../../shared/errors';
import { tamanoLegible } from '../../shared/numeros';
import { MENSAJES_EXPEDIENTE } from '../expedientes/expedientes.public';

export const MENSAJES_DOCUMENTO = {
  noExiste: 'El documento no existe.',
  tipoDocumentalObligatorio: 'Indique el tipo documental (campo «id_tipo_documental») antes de los archivos.',
  tipoDocumentalNoExiste: 'El tipo documental indicado no existe.',
  tipoDocumentalInactivo: 'El tipo documental indicado está desactivado.',
  sinArchivos: 'No se recibió ningún archivo (campo «archivo»).',
  noPrevisualizable: 'Este formato no se puede previsualizar; descárguelo.',
  yaAnulado: 'El documento ya está anulado.',
  solicitudInterrumpida: 'La subida se interrumpió antes de terminar.',
  demasiadosArchivos: 'La solicitud contiene demasiados archivos o campos.',
  partesSinLeer: 'El envío traía más partes de las que se leen en una solicitud; las últimas no se procesaron.',
} as const;

export const documentoNoExiste = () => new ApiHttpError(404, MENSAJES_DOCUMENTO.noExiste, 'NOT_FOUND', 'documento');
export const miniaturaNoExiste = () =>
  new ApiHttpError(
    404,
    'Este documento no tiene miniatura (aún no se ha procesado o no es un PDF ni una imagen).',
    'NOT_FOUND',
  );
export const noEsMultipart = () =>
  new ApiHttpError(415, 'Envíe los archivos como multipart/form-data.', 'UNSUPPORTED_MEDIA_TYPE');
export const sinArchivos = () => new ApiHttpError(400, MENSAJES_DOCUMENTO.sinArchivos, 'VALIDATION');
export const tipoDocumentalObligatorio = () =>
  new ApiHttpError(400, MENSAJES_DOCUMENTO.tipoDocumentalObligatorio, 'VALIDATION');
export const tipoDocumentalNoExiste = () =>
  new ApiHttpError(400, MENSAJES_DOCUMENTO.tipoDocumentalNoExiste, 'VALIDATION');
export const tipoDocumentalInactivo = () =>
  new ApiHttpError(400, MENSAJES_DOCUMENTO.tipoDocumentalInactivo, 'VALIDATION');
export const demasiadasPartes = () => new ApiHttpError(413, MENSAJES_DOCUMENTO.demasiadosArchivos, 'TOO_MANY_PARTS');
export const noPrevisualizable = () => new ApiHttpError(415, MENSAJES_DOCUMENTO.noPrevisualizable, 'NOT_PREVIEWABLE');
export const yaAnulado = () => new ApiHttpError(409, MENSAJES_DOCUMENTO.yaAnulado, 'YA_ANULADO');
export const rangoNoValido = () =>
  new ApiHttpError(416, 'El rango de bytes pedido no es válido para este documento.', 'RANGE_NOT_SATISFIABLE');
/**
 * The row exists and its bytes do not: the archive lost a file. A 500 that says so in words an
 * office understands (it reveals nothing of the server) so that someone tells the administrator.
 */
export const archivoAusente = () =>
  new ApiHttpError(
    500,
    'El archivo de este documento no está en el almacenamiento. Avise al administrador.',
    'ARCHIVO_AUSENTE',
  );
/** Its bytes were destroyed by an approved acta de eliminación: gone for good, not lost. */
export const documentoEliminado = (acta: string) =>
  new ApiHttpError(
    410,
    `El contenido de este documento se eliminó por el acta de eliminación ${acta}: se conservan su entrada en el índice, su huella y el historial.`,
    'DOCUMENTO_ELIMINADO',
  );
export const archivoAlterado = () =>
  new ApiHttpError(
    500,
    'El archivo de este documento no coincide con su huella SHA-256: no se entrega. Se avisó a los administradores.',
    'ARCHIVO_ALTERADO',
  );
export const verificacionEnCurso = () =>
  new ApiHttpError(
    409,
    'Ya se está verificando la integridad de este expediente. Espere a que termine y consulte su resultado.',
    'VERIFICACION_EN_CURSO',
  );
export const verificacionesEnPausa = () =>
  new ApiHttpError(
    503,
    'Las verificaciones de integridad están en pausa: un administrador las detuvo. Inténtelo más tarde.',
    'COLA_EN_PAUSA',
  );

/** Why one file of an upload was refused: HTTP status, code for programs, Spanish message naming the file. */
export class RechazoArchivo extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RechazoArchivo';
  }
}

export const rechazos = {
  demasiadoGrande: (nombre: string, maxMb: number) =>
    new RechazoArchivo(
      413,
      'FILE_TOO_LARGE',
      `El archivo «${nombre}» supera el tamaño máximo de ${tamanoLegible(maxMb * 1024 * 1024)}.`,
    ),
  vacio: (nombre: string) => new RechazoArchivo(400, 'EMPTY_FILE', `El archivo «${nombre}» está vacío.`),
  tipoNoAdmitido: (nombre: string, motivo: string) =>
    new RechazoArchivo(415, 'UNSUPPORTED_TYPE', `El archivo «${nombre}» no es de un tipo admitido: ${motivo}`),
  duplicado: (nombre: string, existente: { orden: number; nombre: string }) =>
    new RechazoArchivo(
      409,
      'DUPLICATE',
      `El archivo «${nombre}» ya está en este expediente como documento nº ${existente.orden} «${existente.nombre}».`,
    ),
  expedienteCerrado: () => new RechazoArchivo(409, 'EXPEDIENTE_CERRADO', 'El expediente está cerrado.'),
  sinGestion: () => new RechazoArchivo(403, 'SIN_GESTION', MENSAJES_EXPEDIENTE.sinGestion),
  expedienteLleno: (nombre: string, maximo: string) =>
    new RechazoArchivo(
      409,
      'CAPACIDAD_AGOTADA',
      `El archivo «${nombre}» no se incorporó: el expediente ya tiene ${maximo} documentos, el máximo. Ábralo en otro expediente relacionado.`,
    ),
  demasiadosArchivos: (nombre: string, maximo: number) =>
    new RechazoArchivo(
      413,
      'TOO_MANY_FILES',
      `El archivo «${nombre}» no se incorporó: se admiten ${maximo} archivos por envío. Súbalo en otro envío.`,
    ),
};

export const avisoExtension = (formato: string, descarga: string) =>
  `Su contenido es ${formato}: se descargará como «${descarga}».`;

export const avisoOtroExpediente = (nombre: string, numero: string) =>
  `El archivo «${nombre}» ya está también en el expediente ${numero}.`;

import { ApiHttpError } from '../../shared/errors';

export const MENSAJES_ENI = {
  remisionCerrada: 'Índice cerrado para remisión y firmado.',
  soloCerrado: 'Solo se cierra para remisión un expediente cerrado: ciérrelo antes.',
  yaRemitido: 'El índice de este expediente ya está cerrado para remisión.',
  sinDocumentos: 'El expediente no tiene documentos: no hay índice que remitir.',
  faltanMetadatos: (faltas: string[]) =>
    `No se puede cerrar el índice para remisión: ${faltas.join('; ')}. Complételo en Administración.`,
  sinSello:
    'No se puede firmar el índice: la institución no tiene configurado su sello (SELLO_P12). Avise a quien administra el sistema.',
  firmaNoExiste: 'La firma no existe en este expediente.',
} as const;

export const conflictoEni = (msg: string, code = 'CONFLICT') => new ApiHttpError(409, msg, code);
/** Its documents' contents were destroyed by an acta de eliminación (decision 0396): nothing to send. */
export const eniConDocumentosEliminados = (acta: string) =>
  conflictoEni(
    `El contenido de los documentos de este expediente se eliminó por el acta de eliminación ${acta}: no se puede exportar en ENI.`,
    'DOCUMENTOS_ELIMINADOS',
  );
export const firmaNoExiste = () => new ApiHttpError(404, MENSAJES_ENI.firmaNoExiste, 'NOT_FOUND');

const megas = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Refusals of an ENI import: each names the entry, document or signature that failed. */
export const MENSAJES_IMPORTACION = {
  noEsMultipart: 'Envíe el expediente ENI como formulario (multipart/form-data) con el archivo ZIP.',
  sinArchivo: 'Falta el archivo ZIP del expediente ENI.',
  archivoVacio: 'El archivo ZIP está vacío.',
  demasiadoGrande: (mb: number) => `El archivo ZIP supera el tamaño máximo de ${mb} MB.`,
  camposObligatorios: 'Indique la unidad y el tipo de expediente del expediente que se incorpora.',
  camposDeMas: 'El formulario trae más partes de las que se leen: envíe solo el ZIP, la unidad, el tipo y el asunto.',
  asuntoNoValido: (min: number, max: number) => `El asunto debe tener entre ${min} y ${max} caracteres.`,
  noEsZip: 'El archivo no es un ZIP válido: un expediente ENI se entrega como archivo ZIP.',
  demasiadasEntradas: (entradas: number, max: number) =>
    `El ZIP tiene ${entradas} entradas; un expediente ENI se admite con ${max} como máximo.`,
  rutaNoAdmitida: (nombre: string) =>
    `La entrada «${nombre}» del ZIP tiene una ruta no admitida (absoluta o con «..»): no se incorpora nada.`,
  entradaDemasiadoGrande: (nombre: string, entrada: number, total: number) =>
    `La entrada «${nombre}» del ZIP ocupa demasiado al descomprimirla (máximo ${megas(entrada)} MB por entrada y ${megas(total)} MB en total).`,
  entradaDanada: (nombre: string) => `La entrada «${nombre}» del ZIP está dañada.`,
  sinExpediente:
    'El ZIP no contiene un expediente ENI: falta el XML del expediente (expediente.xml) con su índice firmado.',
  conDoctype: (que: string) => `El XML de ${que} declara un DOCTYPE, que no se admite en un expediente ENI.`,
  expedienteMalFormado: (motivo: string) => `El XML del expediente ENI no es válido: ${motivo}.`,
  sinDocumentos: 'El índice del expediente ENI no tiene documentos.',
  demasiadosDocumentos: (max: number) => `El índice del expediente ENI tiene más de ${max} documentos.`,
  funcionNoAdmitida: (documento: string, funcion: string) =>
    `El índice da la huella del documento «${documento}» con una función resumen no admitida («${funcion}»); se admiten SHA-256, SHA-384 y SHA-512.`,
  sinFirma: 'El índice del expediente ENI no lleva firma: no se puede comprobar su integridad.',
  firmaNoCubreIndice: (firma: string) =>
    `La firma${firma ? ` «${firma}»` : ''} del índice no firma el contenido del índice (IndiceContenido).`,
  firmaRota: (firma: string, motivo: string) =>
    `La firma${firma ? ` «${firma}»` : ''} del índice no es válida${motivo ? `: ${motivo}` : ''}.`,
  documentoRepetido: (documento: string) => `El documento «${documento}» aparece dos veces en el ZIP.`,
  faltaDocumento: (documento: string) => `Falta en el ZIP el documento «${documento}» del índice.`,
  documentoFueraDelIndice: (documento: string) => `El documento «${documento}» del ZIP no figura en el índice firmado.`,
  documentoMalFormado: (documento: string, motivo: string) =>
    `El documento ENI «${documento}» no es válido: ${motivo}.`,
  huellaNoCoincide: (documento: string) =>
    `El contenido del documento «${documento}» no coincide con la huella (ValorHuella) del índice firmado.`,
  formatoNoAdmitido: (documento: string, motivo: string) =>
    `El documento «${documento}» no es de un formato admitido: ${motivo}`,
  sinTipoDocumental:
    'No hay un tipo documental activo para los documentos importados (falta uno con código ENI TD99). Avise a quien administra el sistema.',
  importado: (numero: string, documentos: number) =>
    `Expediente ENI incorporado como ${numero} (${documentos === 1 ? '1 documento' : `${documentos} documentos`}).`,
} as const;

export const rechazoImportacion = (msg: string, status: 400 | 413 = 400) =>
  new ApiHttpError(status, msg, status === 413 ? 'DEMASIADO_GRANDE' : 'ENI_NO_VALIDO');

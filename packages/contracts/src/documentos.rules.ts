// Plain constants of the documentos contract, without schemas: the web imports them from here so
// that its bundles do not carry TypeBox. `documentos.ts` re-exports everything.

/** The formats EcoDigital accepts, as the índice labels them (`formato`); detected from the bytes. */
export const FORMATOS_ADMITIDOS = {
  PDF: { mime: 'application/pdf', extensions: ['.pdf'] },
  PNG: { mime: 'image/png', extensions: ['.png'] },
  JPEG: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  TIFF: { mime: 'image/tiff', extensions: ['.tif', '.tiff'] },
  DOCX: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  XLSX: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'] },
  ODT: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['.odt'] },
  ODS: { mime: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['.ods'] },
  TXT: { mime: 'text/plain', extensions: ['.txt'] },
  CSV: { mime: 'text/csv', extensions: ['.csv'] },
} as const satisfies Record<string, { mime: string; extensions: readonly string[] }>;
export type Formato = keyof typeof FORMATOS_ADMITIDOS;

/** Formats shown inline (preview); everything else is only downloaded. */
export const FORMATOS_PREVISUALIZABLES: readonly Formato[] = ['PDF', 'PNG', 'JPEG'];

export const FUNCION_RESUMEN = 'SHA-256' as const;

export const LIMITES_DOCUMENTO = {
  motivoAnulacionMin: 5,
  motivoAnulacionMax: 1000,
  nombreMax: 200,
  /** Files one upload request may carry; past them, the parts are not read. */
  archivosPorSubida: 1000,
} as const;

/** Multipart field names of `POST /api/expedientes/:id/documentos`: each `id_tipo_documental` applies to the `archivo` parts after it. */
export const CAMPOS_SUBIDA = { tipoDocumental: 'id_tipo_documental', archivo: 'archivo' } as const;

/** States of the text of a document (issue 13): extracted in the background after the upload. */
export const ESTADOS_TEXTO = ['pendiente', 'indexado', 'sin_texto', 'error'] as const;
export type EstadoTexto = (typeof ESTADOS_TEXTO)[number];

export const ETIQUETAS_ESTADO_TEXTO: Record<EstadoTexto, string> = {
  pendiente: 'pendiente',
  indexado: 'indexado',
  sin_texto: 'sin texto',
  error: 'error',
};

/** Search (`GET /api/documentos/buscar`): length of `q`, page size. */
export const LIMITES_BUSQUEDA = {
  qMin: 2,
  qMax: 200,
  porPaginaMax: 50,
  porPagina: 20,
  /** The newest this many matches are ranked and counted; past them, «más de 200». */
  coincidenciasMax: 200,
  /** Pieces of one fragment (plain and highlighted runs). */
  trozosMax: 64,
  /** Documents in `error` the index's administration lists, newest first. */
  erroresListados: 20,
} as const;

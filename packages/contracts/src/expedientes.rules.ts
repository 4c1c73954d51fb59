// Plain constants of the expedientes contract, without schemas: the web imports them from here so
// that its bundles do not carry TypeBox. `expedientes.ts` re-exports everything.

/** Life cycle: abierto → en_tramite → cerrado → archivado; cerrado → en_tramite only by "reabrir". */
export const ESTADOS_EXPEDIENTE = ['abierto', 'en_tramite', 'cerrado', 'archivado'] as const;
export type EstadoExpediente = (typeof ESTADOS_EXPEDIENTE)[number];

export const ESTADO_ETIQUETAS: Record<EstadoExpediente, string> = {
  abierto: 'Abierto',
  en_tramite: 'En trámite',
  cerrado: 'Cerrado',
  archivado: 'Archivado',
};

/** Allowed transitions; the server checks them, the web uses them to show only possible actions. */
export const TRANSICIONES: Record<EstadoExpediente, readonly EstadoExpediente[]> = {
  abierto: ['en_tramite'],
  en_tramite: ['cerrado'],
  cerrado: ['archivado', 'en_tramite'],
  archivado: [],
};

/** A transition that needs a `motivo` (reabrir: cerrado → en_tramite). */
export const requiereMotivo = (desde: EstadoExpediente, hacia: EstadoExpediente): boolean =>
  desde === 'cerrado' && hacia === 'en_tramite';

/** Estados in which the expediente can be edited and receive documents. */
export const ESTADOS_ACTIVOS: readonly EstadoExpediente[] = ['abierto', 'en_tramite'];

export const LIMITES_EXPEDIENTE = {
  asuntoMin: 5,
  asuntoMax: 300,
  descripcionMax: 5000,
  interesadoNombreMax: 200,
  interesadoDocumentoMax: 20,
  motivoMax: 1000,
  motivoTransferenciaMin: 5,
} as const;

/**
 * The shape of a NIF (DNI), NIE or CIF; its control character is `identificacion.problemaDocumento`'s
 * to judge. The bare number is only the shape of documents stored before that check existed: they are
 * kept when an expediente is saved unchanged, and refused when written anew.
 */
export const DOCUMENTO_IDENTIDAD_PATTERN =
  '^(?:[0-9]{8}[A-Z]|[XYZ][0-9]{7}[A-Z]|[ABCDEFGHJKLMNPQRSUVW][0-9]{7}[0-9A-J]|[0-9]{6,10})$';

/**
 * What a person's gestión of an expediente rests on: seeing every expediente, belonging to its
 * unidad (or one above it), or only a `gestion` acceso. Who holds only an acceso acts inside it: they
 * may neither name the responsable nor transfer, and grant no more than their own acceso.
 */
export const BASES_GESTION = ['todos', 'unidad', 'acceso'] as const;
export type BaseGestion = (typeof BASES_GESTION)[number];

/** Whether gestión on this basis may decide who answers for the expediente and where it belongs. */
export const decideResponsableYUnidad = (base: BaseGestion | null): boolean => base === 'todos' || base === 'unidad';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const ORDENABLES = ['numero', 'fecha_apertura', 'estado', 'asunto'] as const;
export type CampoOrden = (typeof ORDENABLES)[number];

export const EVENTOS_HISTORIAL = [
  'creacion',
  'edicion',
  'cambio_estado',
  'consulta',
  'documento_subido',
  'documento_descargado',
  'documento_previsualizado',
  'documento_anulado',
  'transferencia',
  'acceso_concedido',
  'acceso_revocado',
  'interesado_anadido',
  'interesado_retirado',
  'indice_firmado',
  'remision_cerrada',
  'exportacion_eni',
  'expediente_foliado',
  'copia_autentica',
  'plazo_suspendido',
  'plazo_reanudado',
  'plazo_inicio',
  'plazo_proximo',
  'plazo_vence_hoy',
  'retencion_legal_puesta',
  'retencion_legal_levantada',
  'eliminacion_documentos',
] as const;
export type EventoHistorial = (typeof EVENTOS_HISTORIAL)[number];

/**
 * Reads, counted once per person, expediente (and document) and day instead of one event each;
 * the Historial shows them only when asked.
 */
export const EVENTOS_LECTURA = ['consulta', 'documento_descargado', 'documento_previsualizado'] as const;
export type EventoLectura = (typeof EVENTOS_LECTURA)[number];
/** What the historial records one row each. */
export type EventoCambio = Exclude<EventoHistorial, EventoLectura>;

/** Entries per page of the Historial: the default, and the most a caller may ask for. */
export const LIMITES_HISTORIAL = { pagina: 50, paginaMax: 100 } as const;

import { Type, type Static } from 'typebox';
import { ExpedienteReferenciaSchema, PersonaSchema } from './inicio';
import { LIMITES_NOTIFICACIONES, TIPOS_NOTIFICACION, type TipoNotificacion } from './notificaciones.rules';

export * from './notificaciones.rules';

const NotificacionSchema = Type.Object({
  id: Type.Integer(),
  tipo: Type.Unsafe<TipoNotificacion>(Type.Union(TIPOS_NOTIFICACION.map((tipo) => Type.Literal(tipo)))),
  descripcion: Type.String(),
  fecha: Type.String(),
  /** Who did it; none for what the system found by itself (`integridad`). */
  usuario: Type.Union([PersonaSchema, Type.Null()]),
  expediente: ExpedienteReferenciaSchema,
});
export type Notificacion = Static<typeof NotificacionSchema>;

export const NotificacionesSchema = Type.Object({
  /** Today (Europe/Madrid), across the expedientes the person may see. */
  cifras: Type.Object({
    documentos_subidos_hoy: Type.Integer(),
    descargas_hoy: Type.Integer(),
    expedientes_nuevos_hoy: Type.Integer(),
  }),
  /** The person's unseen events, newest first (at most `LIMITES_NOTIFICACIONES.eventos`). */
  eventos: Type.Array(NotificacionSchema, { maxItems: LIMITES_NOTIFICACIONES.eventos }),
  /** How many are unseen, counted up to `LIMITES_NOTIFICACIONES.noVistosMax`. */
  no_vistos: Type.Integer(),
});
export type Notificaciones = Static<typeof NotificacionesSchema>;

export const NotificacionesVistasSchema = Type.Object({ visto_hasta: Type.String() });
export type NotificacionesVistas = Static<typeof NotificacionesVistasSchema>;

export const NotificacionesTodasQuerySchema = Type.Object(
  {
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITES_NOTIFICACIONES.paginaMax })),
    /** The `siguiente` of the previous page: the notifications strictly older than it. */
    cursor: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Only the unread ones (what the badge counts). */
    no_leidas: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const NotificacionListadaSchema = Type.Object({
  ...NotificacionSchema.properties,
  /**
   * Read: created at or before the person's `visto_hasta`, or older than the notification window
   * (`LIMITES_NOTIFICACIONES.dias`, which the badge does not count either).
   */
  leida: Type.Boolean(),
});
export type NotificacionListada = Static<typeof NotificacionListadaSchema>;

export const NotificacionesPaginaSchema = Type.Object({
  /** Newest first. */
  items: Type.Array(NotificacionListadaSchema, { maxItems: LIMITES_NOTIFICACIONES.paginaMax }),
  /** Cursor of the last item, to send as `cursor` for the next page; null on the last page. */
  siguiente: Type.Union([Type.Integer(), Type.Null()]),
});
export type NotificacionesPagina = Static<typeof NotificacionesPaginaSchema>;

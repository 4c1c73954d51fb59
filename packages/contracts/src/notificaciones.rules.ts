// Plain constants of the notificaciones contract, without schemas: the web imports them from here so
// that its bundles do not carry TypeBox. `notificaciones.ts` re-exports everything.

/** What a notification tells the person; `integridad` (a stored file missing or altered) only to administrators. */
export const TIPOS_NOTIFICACION = ['asignado', 'documento_subido', 'acceso_concedido', 'plazo', 'integridad'] as const;
export type TipoNotificacion = (typeof TIPOS_NOTIFICACION)[number];

export const LIMITES_NOTIFICACIONES = {
  eventos: 30,
  /** The badge reads "99+" beyond 99; counting further would be work nobody reads. */
  noVistosMax: 100,
  /** Older events are history, not news. */
  dias: 30,
  /** The notifications page (`GET /api/notificaciones/todas`): rows per page, by default and at most. */
  pagina: 20,
  paginaMax: 50,
} as const;

/** The one place query keys of the notifications are built. */
export const notificacionesKeys = {
  all: ['notificaciones'] as const,
  /** The bell: today's figures and the unseen events. */
  resumen: () => [...notificacionesKeys.all, 'resumen'] as const,
  /** The notifications page, page by page. */
  todas: (soloNoLeidas: boolean) => [...notificacionesKeys.all, 'todas', { soloNoLeidas }] as const,
};

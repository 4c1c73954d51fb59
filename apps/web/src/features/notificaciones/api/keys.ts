/** The one place query keys of the notifications are built. */
export const notificacionesKeys = {
  all: ['notificaciones'] as const,
};

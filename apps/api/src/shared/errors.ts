/** An error whose Spanish message may be shown to the person; the error handler answers it as is. */
export class ApiHttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    /**
     * The record a 404 says does not exist for the caller, when the route names it by `:id`: such
     * a refusal may be a probe, and is counted (`shared/denegaciones.ts`).
     */
    readonly sobre?: 'expediente' | 'documento',
  ) {
    super(message);
    this.name = 'ApiHttpError';
  }
}

export const MENSAJES = {
  noAutenticado: 'Sesión no válida o expirada. Inicie sesión de nuevo.',
  sinPermiso: 'No tiene permiso para realizar esta acción.',
  noEncontrado: 'Recurso no encontrado.',
  errorInterno: 'Error interno del servidor.',
  solicitudNoValida: 'La solicitud no es válida.',
  caracteresNoValidos: 'La solicitud contiene caracteres no válidos.',
  valorFueraDeRango: 'La solicitud contiene un número o una fecha fuera del rango admitido.',
  servicioSaturado: 'El servicio está saturado en este momento. Inténtelo de nuevo en unos segundos.',
  fueraDeTiempo: 'La solicitud tardó demasiado en completarse. Inténtelo de nuevo.',
  operacionCancelada: 'La operación tardó demasiado y se canceló. Inténtelo de nuevo en unos segundos.',
} as const;

export const unauthorized = () => new ApiHttpError(401, MENSAJES.noAutenticado, 'UNAUTHORIZED');
export const forbidden = () => new ApiHttpError(403, MENSAJES.sinPermiso, 'FORBIDDEN');
/** The token may be fine, but the identity provider's keys cannot be had: try later. */
export const proveedorIdentidadNoDisponible = () =>
  new ApiHttpError(
    503,
    'No se pudo verificar la sesión: el proveedor de identidad no responde. Inténtelo más tarde.',
    'IDP_UNAVAILABLE',
  );
/** 400 with a Spanish message naming what is wrong in what the caller sent. */
export const solicitudNoValida = (msg: string) => new ApiHttpError(400, msg, 'VALIDATION');

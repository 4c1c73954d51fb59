import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { DatabaseUnavailableError } from '../db/database';
import { ApiHttpError, MENSAJES } from '../shared/errors';
import { validationMessage } from '../shared/validation-messages';
import { registrarDenegacion } from '../shared/denegaciones';

const MENSAJES_POR_ESTADO: Record<number, string> = {
  400: MENSAJES.solicitudNoValida,
  401: MENSAJES.noAutenticado,
  403: MENSAJES.sinPermiso,
  404: MENSAJES.noEncontrado,
  405: 'Método no permitido.',
  406: 'Formato de respuesta no admitido.',
  408: 'La solicitud tardó demasiado.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
  429: 'Demasiadas solicitudes. Inténtelo más tarde.',
};

/** Seconds a client should wait before retrying when the database is saturated. */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL cancelled the statement after `statement_timeout`. */
const STATEMENT_TIMEOUT = '57014';

/** PostgreSQL refusing a character (a NUL byte in a text field): the input is wrong, not the server. */
const TEXTO_NO_ALMACENABLE = new Set(['22021', '22P05']);

/**
 * PostgreSQL refusing a number or date out of its range, or text it cannot read as one. The
 * schemas bound every number and date first; this is the safety net for one they missed.
 */
const VALOR_FUERA_DE_RANGO = new Set([
  '22003', // numeric_value_out_of_range
  '22008', // datetime_field_overflow
  '22007', // invalid_datetime_format
  '22P02', // invalid_text_representation
  '22009', // invalid_time_zone_displacement_value
  '2201X', // invalid_row_count_in_result_offset_clause
  '2201W', // invalid_row_count_in_limit_clause
]);

/**
 * Turns every error into the envelope `{ success: false, msg, code }` with a Spanish message.
 * A 5xx answers a generic message; the details stay in the log with the request id.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof ApiHttpError) {
        await registrarDenegacion(request, error);
        // A transfer that failed before its first byte had already named the file's type and length.
        for (const cabecera of ['content-length', 'content-disposition', 'etag']) {
          reply.removeHeader(cabecera);
        }
        return reply
          .code(error.statusCode)
          .type('application/json; charset=utf-8')
          .send({ success: false, msg: error.message, code: error.code });
      }
      if (error.validation) {
        request.log.info({ validation: error.validation, context: error.validationContext }, 'solicitud no válida');
        return reply.code(400).send({
          success: false,
          msg: validationMessage(error.validation, error.validationContext),
          code: 'VALIDATION',
        });
      }
      if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
        request.log.warn({ url: request.url }, 'solicitud fuera de tiempo');
        // The body may still be arriving: close rather than keep reading a slow sender.
        return reply
          .code(503)
          .header('connection', 'close')
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false, msg: MENSAJES.fueraDeTiempo, code: 'TIMEOUT' });
      }
      if (error instanceof DatabaseUnavailableError || error.code === STATEMENT_TIMEOUT) {
        request.log.warn({ err: error }, 'base de datos saturada');
        const timeout = error.code === STATEMENT_TIMEOUT;
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({
            success: false,
            msg: timeout ? MENSAJES.operacionCancelada : MENSAJES.servicioSaturado,
            code: timeout ? 'DB_TIMEOUT' : 'DB_UNAVAILABLE',
          });
      }
      if (VALOR_FUERA_DE_RANGO.has(String(error.code))) {
        request.log.warn({ err: error }, 'valor fuera de rango que el esquema no detuvo');
        return reply.code(400).send({ success: false, msg: MENSAJES.valorFueraDeRango, code: 'VALIDATION' });
      }
      if (TEXTO_NO_ALMACENABLE.has(String(error.code))) {
        request.log.info({ err: error }, 'texto no almacenable');
        return reply.code(400).send({ success: false, msg: MENSAJES.caracteresNoValidos, code: 'VALIDATION' });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status < 500) {
        request.log.info({ err: error }, 'solicitud rechazada');
        return reply.code(status).send({
          success: false,
          msg: MENSAJES_POR_ESTADO[status] ?? MENSAJES.solicitudNoValida,
          code: error.code ?? 'BAD_REQUEST',
        });
      }
      request.log.error({ err: error, reqId: request.id }, 'error interno');
      return reply.code(500).send({ success: false, msg: MENSAJES.errorInterno, code: 'INTERNAL' });
    });
  },
  { name: 'error-handler' },
);

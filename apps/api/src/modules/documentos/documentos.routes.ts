import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idDeRuta } from '../../shared/id-param';
import { ApiHttpError } from '../../shared/errors';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { findTiposDocumentales } from './documentos.repository';
import {
  anularSchema,
  descargarSchema,
  indiceJsonSchema,
  indicePdfSchema,
  indiceSchema,
  listarSchema,
  subirSchema,
  tiposDocumentalesSchema,
  verificarSchema,
  vistaSchema,
} from './documentos.schemas';
import { documentoNoExiste, MENSAJES_DOCUMENTO } from './documentos.mensajes';
import {
  anular,
  documentoParaServir,
  expedienteAbierto,
  indice,
  listar,
  registrarAcceso,
  type Acceso,
} from './documentos.service';
import {
  coincideIfNoneMatch,
  contentDisposition,
  contentType,
  etagDe,
  nombreDeDescarga,
  rangoPedido,
} from './descarga';
import { RangeNotSatisfiableError, StoredObjectNotFoundError } from '../../storage/document-storage';
import { procesarSubida } from './subida.multipart';
import { verificar, VERIFICACION_ABANDONADA_MS } from './verificacion.service';
import { LIMITE_TRANSFERENCIA_MS } from '../../plugins/time-limits';
import { expedienteNoExiste } from '../expedientes/expedientes.public';

/** Re-reading every file of a large expediente may take minutes; one runs at a time per expediente. */
const LIMITE_VERIFICACION_MS = VERIFICACION_ABANDONADA_MS;

/**
 * Sandboxed and with nothing to load: a previewed file cannot run script or reach anything. PDFs
 * are the exception to `sandbox`: Chromium's PDF viewer does not start in a sandboxed document (to be
 * confirmed by the e2e preview test).
 */
const CSP_VISTA = "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'";
const CSP_VISTA_IMAGEN = `${CSP_VISTA}; sandbox`;

/** Authenticated. Documents of an expediente, their índice, and each document's bytes. */
const documentosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  const ver = requirePermiso('expedientes.ver');
  const idExpediente = (raw: string) => idDeRuta(raw, expedienteNoExiste);
  const idDocumento = (raw: string) => idDeRuta(raw, documentoNoExiste);

  app.post(
    '/expedientes/:id/documentos',
    {
      schema: subirSchema,
      preValidation: requirePermiso('documentos.subir'),
      config: { transferencia: 'subida' },
      handlerTimeout: LIMITE_TRANSFERENCIA_MS,
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const id = idExpediente(request.params.id);
      await expedienteAbierto(app.db, caller, id);
      if (!request.isMultipart()) {
        throw new ApiHttpError(415, 'Envíe los archivos como multipart/form-data.', 'UNSUPPORTED_MEDIA_TYPE');
      }
      const { procesados, partesSinLeer } = await procesarSubida(request, {
        db: app.db,
        storage: app.storage,
        caller,
        log: request.log,
        idExpediente: id,
      });
      const resultados = procesados.map((procesado) => procesado.resultado);
      if (procesados.length === 0) throw new ApiHttpError(400, MENSAJES_DOCUMENTO.sinArchivos, 'VALIDATION');
      const subidos = resultados.filter((resultado) => resultado.resultado === 'subido');
      const primerRechazo = procesados.find((procesado) => procesado.rechazo)?.rechazo;

      const sinLeer = partesSinLeer ? ` ${MENSAJES_DOCUMENTO.partesSinLeer}` : '';
      if (partesSinLeer) reply.header('connection', 'close');
      if (subidos.length === 0 && primerRechazo) {
        const msg =
          procesados.length === 1
            ? primerRechazo.message + sinLeer
            : `No se incorporó ninguno de los ${procesados.length} documentos. ${primerRechazo.message}${sinLeer}`;
        return reply
          .code(primerRechazo.statusCode as 400 | 409 | 413 | 415)
          .send({ success: false as const, msg, code: primerRechazo.code, data: resultados });
      }
      if (procesados.length === 1 && !partesSinLeer) {
        const [unico] = subidos;
        const msg = `Documento «${unico!.nombre}» incorporado como nº ${unico!.documento!.orden}.`;
        return reply
          .code(201)
          .send({ success: true as const, msg: unico!.aviso ? `${msg} ${unico!.aviso}` : msg, data: resultados });
      }
      return reply.code(200).send({
        success: true as const,
        msg: `Se incorporaron ${subidos.length} de ${procesados.length} documentos.${sinLeer}`,
        data: resultados,
      });
    },
  );

  app.get('/expedientes/:id/documentos', { schema: listarSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await listar(app.db, await callerOf(request), idExpediente(request.params.id)),
  }));

  app.get('/expedientes/:id/indice', { schema: indiceSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await indice(app.db, await callerOf(request), idExpediente(request.params.id)),
  }));

  app.get('/expedientes/:id/indice.json', { schema: indiceJsonSchema, preValidation: ver }, async (request, reply) => {
    const datos = await indice(app.db, await callerOf(request), idExpediente(request.params.id));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `indice-${datos.expediente.numero}.json`))
      .header('cache-control', 'no-store')
      .serializer((payload: string) => payload)
      .send(`${JSON.stringify(datos, null, 2)}\n`);
  });

  app.get('/expedientes/:id/indice.pdf', { schema: indicePdfSchema, preValidation: ver }, async (request, reply) => {
    const datos = await indice(app.db, await callerOf(request), idExpediente(request.params.id));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', `indice-${datos.expediente.numero}.pdf`))
      .header('cache-control', 'no-store')
      .send(Buffer.from(await (await import('./indice-pdf')).indicePdf(datos)));
  });

  app.post(
    '/expedientes/:id/verificar',
    {
      schema: verificarSchema,
      preValidation: requirePermiso('documentos.verificar'),
      handlerTimeout: LIMITE_VERIFICACION_MS,
    },
    async (request) => {
      const resultado = await verificar(app.db, app.storage, await callerOf(request), idExpediente(request.params.id));
      return {
        success: true as const,
        msg: resultado.correcto
          ? `Integridad verificada: ${resultado.documentos_verificados} documentos correctos.`
          : `Se encontraron ${resultado.incidencias.length} incidencias.`,
        data: resultado,
      };
    },
  );

  const servir = async (request: FastifyRequest, reply: FastifyReply, idRaw: string, acceso: Acceso) => {
    const caller = await callerOf(request);
    const documento = await documentoParaServir(app.db, caller, idDocumento(idRaw), acceso);
    const etag = etagDe(documento.huella);
    reply
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('cache-control', 'private, no-cache');
    // The client already holds these bytes: nothing is transferred, so nothing goes to the historial.
    if (coincideIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();

    const ifRange = request.headers['if-range'];
    const rango =
      ifRange === undefined || ifRange === etag
        ? rangoPedido(request.headers.range, documento.tamano)
        : ({ tipo: 'completo' } as const);
    if (rango.tipo === 'insatisfacible') {
      reply.header('content-range', `bytes */${documento.tamano}`);
      throw new ApiHttpError(
        416,
        'El rango de bytes pedido no es válido para este documento.',
        'RANGE_NOT_SATISFIABLE',
      );
    }
    const parcial = rango.tipo === 'parcial' ? { start: rango.start, end: rango.end } : undefined;
    let contenido;
    try {
      contenido = await app.storage.read(documento.clave_almacen, parcial);
    } catch (error) {
      if (error instanceof RangeNotSatisfiableError) {
        throw new ApiHttpError(
          416,
          'El rango de bytes pedido no es válido para este documento.',
          'RANGE_NOT_SATISFIABLE',
        );
      }
      if (error instanceof StoredObjectNotFoundError) {
        request.log.error({ id_documento: documento.id_documento }, 'archivo ausente del almacenamiento');
        throw new ApiHttpError(
          500,
          'El archivo de este documento no está en el almacenamiento. Avise al administrador.',
          'ARCHIVO_AUSENTE',
        );
      }
      throw error;
    }
    // One download is one historial event, not one per chunk a viewer fetches; only once the bytes
    // are at hand, so a file missing from storage is not recorded as downloaded.
    if (request.method !== 'HEAD' && (rango.tipo === 'completo' || rango.start === 0)) {
      try {
        await registrarAcceso(app.db, caller, documento, acceso);
      } catch (error) {
        contenido.destroy();
        throw error;
      }
    }
    contenido.on('error', (error) => request.log.error({ err: error }, 'envío de documento interrumpido'));
    reply
      .header('content-type', contentType(documento.mime))
      .header(
        'content-disposition',
        contentDisposition(
          acceso === 'vista' ? 'inline' : 'attachment',
          nombreDeDescarga(documento.nombre, documento.formato),
        ),
      );
    if (acceso === 'vista') {
      reply.header('content-security-policy', documento.formato === 'PDF' ? CSP_VISTA : CSP_VISTA_IMAGEN);
    }
    if (parcial) {
      reply.code(206).header('content-range', `bytes ${parcial.start}-${parcial.end}/${documento.tamano}`);
      reply.header('content-length', parcial.end - parcial.start + 1);
    } else {
      reply.header('content-length', documento.tamano);
    }
    return reply.send(contenido);
  };

  const descargar = requirePermiso('documentos.descargar');
  // The stored bytes as they are: no on-the-fly compression (ranges, lengths and the ETag are the file's).
  const transferencia = {
    config: { transferencia: 'descarga' },
    handlerTimeout: LIMITE_TRANSFERENCIA_MS,
    compress: false,
  } as const;
  app.get(
    '/documentos/:id/descargar',
    { schema: descargarSchema, preValidation: descargar, ...transferencia },
    (request, reply) => servir(request, reply, request.params.id, 'descarga'),
  );
  app.get(
    '/documentos/:id/vista',
    { schema: vistaSchema, preValidation: descargar, ...transferencia },
    (request, reply) => servir(request, reply, request.params.id, 'vista'),
  );

  app.post(
    '/documentos/:id/anular',
    { schema: anularSchema, preValidation: requirePermiso('documentos.anular') },
    async (request) => {
      const documento = await anular(app.db, await callerOf(request), idDocumento(request.params.id), request.body);
      return {
        success: true as const,
        msg: `Documento nº ${documento.orden} «${documento.nombre}» anulado.`,
        data: documento,
      };
    },
  );

  app.get('/catalogos/tipos-documentales', { schema: tiposDocumentalesSchema, preValidation: ver }, async () => ({
    success: true as const,
    data: await findTiposDocumentales(app.db),
  }));
};

export default documentosRoutes;

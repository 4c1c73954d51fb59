import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idDeRuta } from '../../shared/id-param';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import {
  anularSchema,
  descargarSchema,
  indiceJsonSchema,
  indicePdfSchema,
  indiceSchema,
  listarSchema,
  miniaturaSchema,
  subirSchema,
  verificarSchema,
  vistaSchema,
} from './documentos.schemas';
import { documentoNoExiste, MENSAJES_DOCUMENTO, noEsMultipart, sinArchivos } from './documentos.mensajes';
import {
  anular,
  documentoParaServir,
  expedienteAbierto,
  indice,
  listar,
  miniatura,
  registrarAcceso,
  type Acceso,
} from './documentos.service';
import { coincideIfNoneMatch, contentDisposition, etagDe } from './descarga';
import { servirDocumento } from './servir-documento';
import { procesarSubida } from './subida.multipart';
import { LIMITE_VERIFICACION_MS, verificar } from './verificacion.service';
import { LIMITE_TRANSFERENCIA_MS } from '../../plugins/time-limits';
import { expedienteNoExiste } from '../expedientes/expedientes.public';

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
      config: { transferencia: 'subida', limite: { clase: 'subida' } },
      handlerTimeout: LIMITE_TRANSFERENCIA_MS,
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const id = idExpediente(request.params.id);
      await expedienteAbierto(app.db, caller, id);
      if (!request.isMultipart()) {
        throw noEsMultipart();
      }
      const { procesados, partesSinLeer } = await procesarSubida(request, {
        db: app.db,
        storage: app.storage,
        caller,
        log: request.log,
        idExpediente: id,
      });
      const resultados = procesados.map((procesado) => procesado.resultado);
      if (procesados.length === 0) throw sinArchivos();
      // Their text is extracted in the background; this instance looks for the work now.
      app.extraccionTexto.despertar();
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
          .code(primerRechazo.statusCode as 400 | 403 | 409 | 413 | 415)
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

  const exportacion = { limite: { clase: 'exportacion' } } as const;
  app.get(
    '/expedientes/:id/indice.json',
    { schema: indiceJsonSchema, preValidation: ver, config: exportacion },
    async (request, reply) => {
      const datos = await indice(app.db, await callerOf(request), idExpediente(request.params.id));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `indice-${datos.expediente.numero}.json`))
        .header('cache-control', 'no-store')
        .serializer((payload: string) => payload)
        .send(`${JSON.stringify(datos, null, 2)}\n`);
    },
  );

  app.get(
    '/expedientes/:id/indice.pdf',
    { schema: indicePdfSchema, preValidation: ver, config: exportacion },
    async (request, reply) => {
      const datos = await indice(app.db, await callerOf(request), idExpediente(request.params.id));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', `indice-${datos.expediente.numero}.pdf`))
        .header('cache-control', 'no-store')
        .send(Buffer.from(await (await import('./indice-pdf')).indicePdf(datos)));
    },
  );

  app.post(
    '/expedientes/:id/verificar',
    {
      schema: verificarSchema,
      preValidation: requirePermiso('documentos.verificar'),
      config: { limite: { clase: 'verificacion' } },
      handlerTimeout: LIMITE_VERIFICACION_MS,
    },
    async (request) => {
      const resultado = await verificar(
        app.db,
        app.storage,
        app.jobs,
        await callerOf(request),
        idExpediente(request.params.id),
        app.verificarFirmas,
      );
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
    return servirDocumento(request, reply, documento, acceso, caller.id_usuario, () =>
      registrarAcceso(app.db, caller, documento, acceso),
    );
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

  app.get(
    '/documentos/:id/miniatura',
    { schema: miniaturaSchema, preValidation: descargar, compress: false },
    async (request, reply) => {
      const imagen = await miniatura(app.db, await callerOf(request), idDocumento(request.params.id));
      // Revalidated on every use like the documents, so a revocation or a sign-out takes effect at
      // once; the ETag spares the bytes while it is the same image (re-extraction may replace it).
      const etag = etagDe(createHash('sha256').update(imagen).digest('hex'));
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (coincideIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('content-type', 'image/jpeg').send(imagen);
    },
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
};

export default documentosRoutes;

import type { ActaEliminacion, ActaResumen, CrearActa } from '@ecodigital/contracts/retencion';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import { registrarAuditoria } from '../../shared/auditoria';
import type { Caller } from '../../shared/caller/caller';
import { nombreCompletoSql } from '../../shared/sql';
import type { DocumentStorage } from '../../storage/document-storage';
import { firmarPdf, type Sello } from '../eni/eni.public';
import { expedienteNoExiste, findExpediente, insertEvento } from '../expedientes/expedientes.public';
import { actaPdf, type ExpedienteDelActa } from './acta-pdf';
import { actaNoExiste, conflicto, MENSAJES_RETENCION } from './retencion.mensajes';
import { findActa, findActas, findPdfActa, findPendientes } from './retencion.repository';

export const listarActas = (db: Queryable): Promise<ActaResumen[]> => findActas(db);

export async function leerActa(db: Queryable, id: number): Promise<ActaEliminacion> {
  const acta = await findActa(db, id);
  if (!acta) throw actaNoExiste();
  return acta;
}

/** The signed PDF of an approved acta, as it was signed. */
export async function pdfActa(db: Queryable, id: number): Promise<{ numero: string; pdf: Buffer }> {
  const acta = await findPdfActa(db, id);
  if (!acta) throw actaNoExiste();
  if (!acta.pdf) throw conflicto(MENSAJES_RETENCION.actaSinPdf(acta.numero));
  return { numero: acta.numero, pdf: Buffer.from(acta.pdf) };
}

/**
 * A draft acta listing expedientes the caller sees that are pendientes de dictamen (404 for one
 * not seen, 409 naming one that is not pending or already in another draft).
 */
export async function crearActa(db: Database, caller: Caller, body: CrearActa): Promise<ActaEliminacion> {
  const id = await db.transaction(async (tx) => {
    await tx.query('LOCK TABLE acta_eliminacion_expediente IN SHARE ROW EXCLUSIVE MODE');
    const pendientes = await findPendientes(tx, caller, { limite: body.expedientes.length, ids: body.expedientes });
    const porId = new Map(pendientes.map((pendiente) => [pendiente.id_expediente, pendiente]));
    for (const idExpediente of body.expedientes) {
      const pendiente = porId.get(idExpediente);
      if (!pendiente) {
        const expediente = await findExpediente(tx, caller, idExpediente);
        if (!expediente) throw expedienteNoExiste();
        throw conflicto(MENSAJES_RETENCION.noPendiente(expediente.numero));
      }
      if (pendiente.acta_borrador) {
        throw conflicto(MENSAJES_RETENCION.enOtroBorrador(pendiente.numero, pendiente.acta_borrador));
      }
    }
    const [acta] = await tx.query<{ id: number; numero: string }>(
      'INSERT INTO acta_eliminacion (motivo, creada_por) VALUES ($1, $2) RETURNING id, numero',
      [body.motivo, caller.id_usuario],
    );
    await tx.query(
      `INSERT INTO acta_eliminacion_expediente (id_acta, id_expediente) SELECT $1, unnest($2::integer[])`,
      [acta!.id, body.expedientes],
    );
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'acta.crear',
      entidad: 'acta_eliminacion',
      id_entidad: acta!.id,
      descripcion: `Redactó el acta de eliminación ${acta!.numero} con ${body.expedientes.length} expedientes: ${pendientes
        .map((pendiente) => pendiente.numero)
        .join(', ')}.`,
      despues: { motivo: body.motivo, expedientes: pendientes.map((pendiente) => pendiente.numero) },
    });
    return acta!.id;
  });
  return leerActa(db, id);
}

export async function descartarActa(db: Database, caller: Caller, id: number): Promise<ActaResumen> {
  return db.transaction(async (tx) => {
    const acta = await findActa(tx, id, { forUpdate: true });
    if (!acta) throw actaNoExiste();
    if (acta.estado !== 'borrador') throw conflicto(MENSAJES_RETENCION.actaNoBorrador(acta.numero));
    await tx.query('DELETE FROM acta_eliminacion WHERE id = $1', [id]);
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'acta.descartar',
      entidad: 'acta_eliminacion',
      id_entidad: id,
      descripcion: `Descartó el borrador de acta de eliminación ${acta.numero}.`,
      antes: { motivo: acta.motivo, expedientes: acta.expedientes.map((expediente) => expediente.numero) },
    });
    const { expedientes: _expedientes, ...resumen } = acta;
    return resumen;
  });
}

export interface Eliminacion {
  db: Database;
  storage: DocumentStorage;
  sello: () => Promise<Sello | null>;
  log: FastifyBaseLogger;
}

/**
 * Approves a draft acta and executes it (decision 0396). In one transaction, under the row locks of
 * its expedientes (the lock a legal hold takes too): every expediente must still be pending de
 * dictamen and seen by the approver (409 naming the first that is not, or that has a hold); its
 * documents are marked destroyed (their índice entries, huellas and chain stay), their text and
 * thumbnails removed, one historial event each, the auditoría, and the acta signed as a PDF with
 * the seal. Only after commit are the bytes deleted from the storage, then the acta is `ejecutada`;
 * an instance that stops in between leaves it `aprobada`, and `terminarActasAprobadas` finishes it
 * at the next start (the record is already complete; only bytes remain to go).
 */
export async function aprobarActa(
  eliminacion: Eliminacion,
  caller: Caller,
  id: number,
  motivo: string,
): Promise<ActaEliminacion> {
  const { db } = eliminacion;
  const sello = await eliminacion.sello();
  if (!sello) throw conflicto(MENSAJES_RETENCION.sinSello);
  await db.transaction(async (tx) => {
    const acta = await findActa(tx, id, { forUpdate: true });
    if (!acta) throw actaNoExiste();
    if (acta.estado !== 'borrador') throw conflicto(MENSAJES_RETENCION.actaNoBorrador(acta.numero));
    const ids = acta.expedientes.map((expediente) => expediente.id_expediente).sort((a, b) => a - b);
    await tx.query(
      'SELECT id_expediente FROM expediente WHERE id_expediente = ANY($1::integer[]) ORDER BY id_expediente FOR UPDATE',
      [ids],
    );
    const retenidos = await tx.query<{ numero: string }>(
      `SELECT e.numero FROM retencion_legal r JOIN expediente e ON e.id_expediente = r.id_expediente
       WHERE r.id_expediente = ANY($1::integer[]) AND r.levantada_en IS NULL ORDER BY e.numero LIMIT 1`,
      [ids],
    );
    if (retenidos[0]) throw conflicto(MENSAJES_RETENCION.conRetencion(retenidos[0].numero));
    const pendientes = await findPendientes(tx, caller, { limite: ids.length, ids });
    const pendientesIds = new Set(pendientes.map((pendiente) => pendiente.id_expediente));
    const noPendiente = acta.expedientes.find((expediente) => !pendientesIds.has(expediente.id_expediente));
    if (noPendiente) throw conflicto(MENSAJES_RETENCION.noPendiente(noPendiente.numero));

    const datos = await tx.query<ExpedienteDelActa & { id_expediente: number; bytes: string }>(
      `SELECT e.id_expediente, e.numero, e.asunto, e.fecha_cierre::text AS fecha_cierre,
              (SELECT count(*)::integer FROM documento d WHERE d.id_expediente = e.id_expediente) AS documentos,
              (SELECT coalesce(sum(d.tamano), 0)::text FROM documento d WHERE d.id_expediente = e.id_expediente) AS bytes,
              (SELECT d.hash_entrada FROM documento d WHERE d.id_expediente = e.id_expediente
               ORDER BY d.orden DESC LIMIT 1) AS huella_indice
       FROM expediente e WHERE e.id_expediente = ANY($1::integer[]) ORDER BY e.numero`,
      [ids],
    );
    for (const expediente of datos) {
      await tx.query(
        'UPDATE acta_eliminacion_expediente SET documentos = $3, bytes = $4 WHERE id_acta = $1 AND id_expediente = $2',
        [id, expediente.id_expediente, expediente.documentos, expediente.bytes],
      );
    }
    const aprobadaEn = new Date(Math.floor(Date.now() / 1000) * 1000);
    const [aprobador] = await tx.query<{ username: string; nombre_completo: string }>(
      `SELECT u.username, ${nombreCompletoSql('u')} AS nombre_completo FROM usuario u WHERE u.id_usuario = $1`,
      [caller.id_usuario],
    );
    const aprobada: ActaEliminacion = {
      ...acta,
      estado: 'aprobada',
      aprobada_por: { id_usuario: caller.id_usuario, ...aprobador! },
      aprobada_en: aprobadaEn.toISOString(),
      motivo_aprobacion: motivo,
    };
    const pdf = await firmarPdf(
      await actaPdf(
        aprobada,
        datos.map((expediente) => ({
          ...expediente,
          fecha_cierre: new Date(expediente.fecha_cierre).toISOString(),
          bytes: Number(expediente.bytes),
        })),
      ),
      sello,
      aprobadaEn,
      `Acta de eliminación ${acta.numero}`,
    );
    await tx.query(
      `UPDATE acta_eliminacion SET estado = 'aprobada', aprobada_por = $2, aprobada_en = $3, motivo_aprobacion = $4, pdf = $5
       WHERE id = $1`,
      [id, caller.id_usuario, aprobadaEn, motivo, pdf],
    );
    const destruidos = await tx.query<{ id_documento: number }>(
      `UPDATE documento SET destruido_en = now(), id_acta_eliminacion = $1
       WHERE id_expediente = ANY($2::integer[]) AND destruido_en IS NULL RETURNING id_documento`,
      [id, ids],
    );
    const idsDocumentos = destruidos.map((documento) => documento.id_documento);
    // What was read from the bytes goes with them: the searchable text and the thumbnails.
    await tx.query('DELETE FROM documento_texto WHERE id_documento = ANY($1::integer[])', [idsDocumentos]);
    await tx.query('DELETE FROM documento_miniatura WHERE id_documento = ANY($1::integer[])', [idsDocumentos]);
    for (const expediente of datos) {
      await insertEvento(tx, {
        id_expediente: expediente.id_expediente,
        id_usuario: caller.id_usuario,
        evento: 'eliminacion_documentos',
        descripcion:
          `Eliminó el contenido de ${expediente.documentos === 1 ? '1 documento' : `${expediente.documentos} documentos`} ` +
          `por el acta de eliminación ${acta.numero}; se conservan sus metadatos, el índice con sus huellas y el historial (${motivo}).`,
        motivo,
      });
    }
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'acta.aprobar',
      entidad: 'acta_eliminacion',
      id_entidad: id,
      descripcion: `Aprobó el acta de eliminación ${acta.numero}: ${idsDocumentos.length} documentos de ${datos.length} expedientes (${datos
        .map((expediente) => expediente.numero)
        .join(', ')}).`,
      antes: { estado: 'borrador' },
      despues: { estado: 'aprobada', motivo_aprobacion: motivo, documentos: idsDocumentos.length },
    });
  });
  await ejecutarActa(eliminacion, id);
  return leerActa(db, id);
}

/**
 * Deletes the bytes of the documents an approved acta destroyed, and of their copias auténticas
 * (the same content, signed), then marks it `ejecutada`. A key already gone is no error, so it may
 * run again after a stop. Answers whether it finished.
 */
export async function ejecutarActa(eliminacion: Omit<Eliminacion, 'sello'>, id: number): Promise<boolean> {
  const { db, storage, log } = eliminacion;
  const claves = await db.query<{ clave: string }>(
    `SELECT clave_almacen::text AS clave FROM documento WHERE id_acta_eliminacion = $1
     UNION ALL
     SELECT c.clave_almacen::text FROM copia_autentica c JOIN documento d ON d.id_documento = c.id_documento
     WHERE d.id_acta_eliminacion = $1`,
    [id],
  );
  try {
    for (const { clave } of claves) await storage.remove(clave);
  } catch (error) {
    log.error({ err: error, id_acta: id }, 'acta de eliminación aprobada: no se pudieron borrar todos los archivos');
    return false;
  }
  await db.query(
    `UPDATE acta_eliminacion SET estado = 'ejecutada', ejecutada_en = now() WHERE id = $1 AND estado = 'aprobada'`,
    [id],
  );
  log.info({ id_acta: id, documentos: claves.length }, 'acta de eliminación ejecutada');
  return true;
}

/** At start: finishes the actas approved by an instance that stopped before deleting their bytes. */
export async function terminarActasAprobadas(eliminacion: Omit<Eliminacion, 'sello'>): Promise<number> {
  const actas = await eliminacion.db.query<{ id: number }>(
    `SELECT id FROM acta_eliminacion WHERE estado = 'aprobada' ORDER BY id`,
  );
  let terminadas = 0;
  for (const { id } of actas) if (await ejecutarActa(eliminacion, id)) terminadas++;
  return terminadas;
}

import { agruparCsv, RUTA_VERIFICACION, type CopiaAutentica } from '@ecodigital/contracts/verificacion';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import type { DocumentStorage } from '../../storage/document-storage';
import { discardTempFile, newTempPath } from '../../storage/temp-files';
import { documentoEliminado } from '../documentos/documentos.public';
import { firmarPdf, type Sello } from '../eni/eni.public';
import { insertEvento } from '../expedientes/expedientes.public';
import { conflictoCopia, documentoNoExiste, MENSAJES_COPIAS } from './copias.mensajes';
import { findDocumentoOriginal, insertCopia, nuevoCsv } from './copias.repository';
import { copiaEstampada, OriginalIlegible } from './copia-pdf';
import { leerIntacto, sha256 } from './leer-intacto';
import { renderizable } from './renderizable';

export interface DependenciasCopias {
  db: Database;
  storage: DocumentStorage;
  sello: () => Promise<Sello | null>;
  log: FastifyBaseLogger;
}

/** Where a copia auténtica's code is checked: the public page of decision 0394. */
const urlDeVerificacion = (urlPublica: string, codigo: string) =>
  `${urlPublica}${RUTA_VERIFICACION}/${agruparCsv(codigo)}`;

/**
 * A copia auténtica of a stored PDF, JPEG or PNG the caller sees (404 otherwise; 409 for any other
 * format, an anulado, an unreadable original, or without seal or public address): the stamp on every
 * page, signed with the seal (PAdES), stored, and given its Código Seguro de Verificación.
 */
export async function crearCopiaAutentica(
  deps: DependenciasCopias & { urlPublica: string | undefined },
  caller: Caller,
  idDocumento: number,
): Promise<CopiaAutentica> {
  const { db, storage } = deps;
  const documento = await findDocumentoOriginal(db, caller, idDocumento);
  if (!documento) throw documentoNoExiste();
  if (!renderizable(documento.formato)) throw conflictoCopia(MENSAJES_COPIAS.formatoSinCopia, 'FORMATO_SIN_COPIA');
  if (documento.anulado) throw conflictoCopia(MENSAJES_COPIAS.anulado, 'DOCUMENTO_ANULADO');
  if (documento.acta_eliminacion) throw documentoEliminado(documento.acta_eliminacion);
  if (!deps.urlPublica) throw conflictoCopia(MENSAJES_COPIAS.sinUrlPublica, 'SIN_URL_PUBLICA');
  const sello = await deps.sello();
  if (!sello) throw conflictoCopia(MENSAJES_COPIAS.sinSello, 'SIN_SELLO');
  const original = await leerIntacto(storage, documento.clave_almacen, documento);
  if (!original) throw conflictoCopia(MENSAJES_COPIAS.archivoAusente, 'ARCHIVO_AUSENTE');

  const codigo = await nuevoCsv(db);
  // Whole seconds, as the signatures of the índice.
  const creadaEn = new Date(Math.floor(Date.now() / 1000) * 1000);
  const url = urlDeVerificacion(deps.urlPublica, codigo);
  let estampada;
  try {
    estampada = await copiaEstampada(original, documento.formato, {
      csv: agruparCsv(codigo),
      url,
      fecha: creadaEn,
      numeroExpediente: documento.numero,
      documento: { orden: documento.orden, nombre: documento.nombre },
    });
  } catch (error) {
    if (error instanceof OriginalIlegible) throw conflictoCopia(MENSAJES_COPIAS.originalIlegible, 'ORIGINAL_ILEGIBLE');
    throw error;
  }
  const firmada = await firmarPdf(estampada.pdf, sello, creadaEn, 'Copia auténtica (art. 27 Ley 39/2015)');
  const huella = sha256(firmada);
  const clave = randomUUID();
  const temporal = newTempPath(storage.tempDir);
  let idCopia: number;
  try {
    await writeFile(temporal, firmada);
    idCopia = await db.transaction(async (tx) => {
      await storage.commit(temporal, clave);
      const id = await insertCopia(tx, {
        id_documento: documento.id_documento,
        id_expediente: documento.id_expediente,
        creada_en: creadaEn,
        creada_por: caller.id_usuario,
        clave_almacen: clave,
        tamano: firmada.length,
        huella,
        paginas: estampada.paginas,
        certificado_sujeto: sello.certificado.subject,
        solo_desarrollo: sello.soloDesarrollo,
        codigo,
      });
      await insertEvento(tx, {
        id_expediente: documento.id_expediente,
        id_usuario: caller.id_usuario,
        evento: 'copia_autentica',
        descripcion: `Hizo una copia auténtica del documento nº ${documento.orden} «${documento.nombre}» (CSV ${agruparCsv(codigo)}).`,
      });
      return id;
    });
  } catch (error) {
    await storage
      .remove(clave)
      .catch((removeError: unknown) =>
        deps.log.error(
          { err: removeError, clave },
          'no se pudo retirar del almacenamiento una copia auténtica sin fila',
        ),
      );
    throw error;
  } finally {
    await discardTempFile(temporal);
  }
  return {
    id_copia: idCopia,
    id_documento: documento.id_documento,
    csv: agruparCsv(codigo),
    url_verificacion: url,
    creada_en: creadaEn.toISOString(),
    nombre: nombreDeCopia(documento.nombre),
    paginas: estampada.paginas,
    tamano: firmada.length,
    sha256: huella,
  };
}

/** The copy's file name: the document's, as a PDF, marked as a copia auténtica. */
function nombreDeCopia(nombre: string): string {
  const base = nombre.replace(/\.(pdf|jpe?g|png)$/i, '');
  return `${base} (copia auténtica).pdf`;
}

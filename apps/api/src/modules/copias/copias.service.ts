import type { IndiceElectronico } from '@ecodigital/contracts/documentos';
import { agruparCsv, RUTA_VERIFICACION, type CopiaAutentica } from '@ecodigital/contracts/verificacion';
import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import type { DocumentStorage } from '../../storage/document-storage';
import { discardTempFile, newTempPath } from '../../storage/temp-files';
import { indiceDe, indicePdf } from '../documentos/documentos.public';
import { firmarPdf, indiceFirmadoVigente, type Sello } from '../eni/eni.public';
import { expedienteNoExiste, findExpediente, insertEvento } from '../expedientes/expedientes.public';
import { conflictoCopia, documentoNoExiste, foliadoDemasiadoGrande, MENSAJES_COPIAS } from './copias.mensajes';
import { findClavesDocumentos, findDocumentoOriginal, insertCopia, nuevoCsv } from './copias.repository';
import { copiaEstampada, OriginalIlegible } from './copia-pdf';
import { Foliado, type DocumentoNombrado } from './foliado-pdf';
import { fechaCorta } from './pagina';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Formats whose content goes into the foliated PDF and may have a copia auténtica. */
const RENDERIZABLES = ['PDF', 'JPEG', 'PNG'] as const;
type Renderizable = (typeof RENDERIZABLES)[number];
const renderizable = (formato: string): formato is Renderizable =>
  (RENDERIZABLES as readonly string[]).includes(formato);

/** The stored bytes, or `undefined` when the file is missing or does not match its SHA-256. */
async function leerIntacto(storage: DocumentStorage, clave: string, huella: string): Promise<Buffer | undefined> {
  try {
    const bytes = await buffer(await storage.read(clave));
    return sha256(bytes) === huella ? bytes : undefined;
  } catch {
    return undefined;
  }
}

export interface DependenciasCopias {
  db: Database;
  storage: DocumentStorage;
  sello: () => Promise<Sello | null>;
  log: FastifyBaseLogger;
}

type Entrada = IndiceElectronico['entradas'][number];

const nombrado = (entrada: Entrada): DocumentoNombrado => ({
  orden: entrada.orden,
  nombre: entrada.nombre,
  tipo_documental: entrada.tipo_documental.nombre,
  formato: entrada.formato,
  tamano: entrada.tamano,
  huella: entrada.huella,
  fecha_incorporacion: new Date(entrada.fecha_incorporacion),
});

/**
 * The whole expediente of the caller (404 when not visible) as one foliated PDF (decision 0402): the
 * índice first (the signed one while it covers the documents as they are; the current one otherwise),
 * then every document in índice order. Refused (413) above `maxBytes` of documents, since the PDF is
 * composed in memory; documents are read from storage one at a time. Recorded in the historial.
 */
export async function foliarExpediente(
  deps: Pick<DependenciasCopias, 'db' | 'storage'> & { maxBytes: number },
  caller: Caller,
  idExpediente: number,
): Promise<{ nombre: string; pdf: Uint8Array; paginas: number }> {
  const { db, storage } = deps;
  const expediente = await findExpediente(db, caller, idExpediente);
  if (!expediente) throw expedienteNoExiste();
  const indice = await indiceDe(db, expediente);
  const total = indice.entradas
    .filter((entrada) => !entrada.anulado && renderizable(entrada.formato))
    .reduce((suma, entrada) => suma + entrada.tamano, 0);
  if (total > deps.maxBytes) throw foliadoDemasiadoGrande(total, deps.maxBytes);

  const claves = await findClavesDocumentos(db, idExpediente);
  const foliado = await Foliado.crear(expediente.numero, `Expediente ${expediente.numero}: copia foliada`);
  const firmado = await indiceFirmadoVigente(db, idExpediente, indice.huella_indice);
  if (!(await foliado.anadirPdf(firmado ?? (await indicePdf(indice))))) {
    throw new Error(`El índice del expediente ${expediente.numero} no se pudo leer como PDF`);
  }
  for (const entrada of indice.entradas) {
    const documento = nombrado(entrada);
    if (entrada.anulado) {
      foliado.anadirAviso(
        documento,
        `Documento anulado${entrada.fecha_anulacion ? ` el ${fechaCorta(new Date(entrada.fecha_anulacion))}` : ''}` +
          `${entrada.motivo_anulacion ? ` (${entrada.motivo_anulacion})` : ''}. Conserva su lugar en el índice; ` +
          'su contenido no forma parte de esta copia y la huella SHA-256 identifica el original.',
      );
      continue;
    }
    if (!renderizable(entrada.formato)) {
      foliado.anadirAviso(
        documento,
        `Documento en formato ${entrada.formato}, que no se presenta en PDF: se obtiene descargándolo del expediente, ` +
          'y la huella SHA-256 identifica el original.',
      );
      continue;
    }
    const bytes = await leerIntacto(storage, claves.get(entrada.id_documento) ?? '', entrada.huella);
    if (!bytes) {
      foliado.anadirAviso(
        documento,
        'El archivo de este documento no está en el almacenamiento o no coincide con su huella: no se incluye su contenido.',
      );
      continue;
    }
    const incluido =
      entrada.formato === 'PDF'
        ? await foliado.anadirPdf(bytes)
        : await foliado.anadirImagen(bytes, entrada.formato, documento);
    if (!incluido) {
      foliado.anadirAviso(
        documento,
        'El documento no se pudo presentar en PDF (está cifrado o no se puede leer): se obtiene descargándolo del expediente, ' +
          'y la huella SHA-256 identifica el original.',
      );
    }
  }
  const pdf = await foliado.terminar();
  await insertEvento(db, {
    id_expediente: idExpediente,
    id_usuario: caller.id_usuario,
    evento: 'expediente_foliado',
    descripcion: `Descargó el expediente foliado en PDF (${foliado.paginas === 1 ? '1 folio' : `${foliado.paginas} folios`}).`,
  });
  return { nombre: `expediente-${expediente.numero}-foliado.pdf`, pdf, paginas: foliado.paginas };
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
  if (!deps.urlPublica) throw conflictoCopia(MENSAJES_COPIAS.sinUrlPublica, 'SIN_URL_PUBLICA');
  const sello = await deps.sello();
  if (!sello) throw conflictoCopia(MENSAJES_COPIAS.sinSello, 'SIN_SELLO');
  const original = await leerIntacto(storage, documento.clave_almacen, documento.huella);
  if (!original) throw conflictoCopia(MENSAJES_COPIAS.archivoAusente, 'ARCHIVO_AUSENTE');

  const codigo = await nuevoCsv(db);
  // Whole seconds, as the signatures of the índice.
  const creadaEn = new Date(Math.floor(Date.now() / 1000) * 1000);
  const url = urlDeVerificacion(deps.urlPublica, codigo);
  let estampada;
  try {
    estampada = await copiaEstampada(original, documento.formato as Renderizable, {
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

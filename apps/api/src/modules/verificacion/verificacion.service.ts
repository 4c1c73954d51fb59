import { createHash } from 'node:crypto';
import { agruparCsv, normalizarCsv, type Verificacion } from '@ecodigital/contracts/verificacion';
import { buffer } from 'node:stream/consumers';
import type { Queryable } from '../../db/database';
import type { FastifyBaseLogger } from 'fastify';
import { StoredObjectNotFoundError, type DocumentStorage } from '../../storage/document-storage';
import { copiaEliminada, copiaNoDisponible, csvMalFormado, csvNoExiste } from './verificacion.mensajes';
import { findCertificado, findCopia, registrarConsulta } from './verificacion.repository';

const sha256 = (texto: string) => createHash('sha256').update(texto, 'utf8').digest('hex');

const MOTIVOS = { cierre: 'al cerrarse el expediente', remision: 'al cerrarse su índice para remisión' } as const;

const fecha = (momento: Date) => momento.toISOString().slice(0, 10);

/** The file name of the certified copy. */
const nombreCopia = (copia: {
  numero: string;
  motivo: string | null;
  firmado_en: Date;
  documento_nombre: string | null;
}) =>
  copia.documento_nombre !== null
    ? `copia-autentica-${copia.numero}-${copia.documento_nombre.replace(/\.(pdf|jpe?g|png)$/i, '')}-${fecha(copia.firmado_en)}.pdf`
    : `indice-firmado-${copia.numero}-${copia.motivo}-${fecha(copia.firmado_en)}.pdf`;

/**
 * The code as typed, checked and hashed. A malformed one is refused (and recorded) before any look-up:
 * its answer says nothing about which codes exist.
 */
async function huellaDe(db: Queryable, ip: string, escrito: string, descarga: boolean): Promise<string> {
  const codigo = normalizarCsv(escrito);
  if (codigo === null) {
    await registrarConsulta(db, {
      ip,
      huella: sha256(escrito),
      resultado: 'mal_formado',
      descarga,
      id_firma: null,
      id_copia: null,
    });
    throw csvMalFormado();
  }
  return sha256(codigo);
}

/** Looks the code up by its SHA-256 and records the look-up, found or not; 404 when nobody was given it. */
async function buscarRegistrando<T extends { id_firma: number | null; id_copia: number | null }>(
  db: Queryable,
  ip: string,
  escrito: string,
  descarga: boolean,
  buscar: (db: Queryable, huella: string) => Promise<T | undefined>,
): Promise<T> {
  const huella = await huellaDe(db, ip, escrito, descarga);
  const encontrado = await buscar(db, huella);
  await registrarConsulta(db, {
    ip,
    huella,
    resultado: encontrado ? 'encontrado' : 'desconocido',
    descarga,
    id_firma: encontrado?.id_firma ?? null,
    id_copia: encontrado?.id_copia ?? null,
  });
  if (!encontrado) throw csvNoExiste();
  return encontrado;
}

/** What the code certifies; every look-up is recorded, found or not. */
export async function verificar(db: Queryable, ip: string, escrito: string): Promise<Verificacion> {
  const certificado = await buscarRegistrando(db, ip, escrito, false, findCertificado);
  const copiaAutentica = certificado.id_copia !== null;
  return {
    csv: agruparCsv(certificado.codigo),
    clase: copiaAutentica ? 'copia_autentica' : 'indice_firmado',
    descripcion: copiaAutentica
      ? `Copia auténtica del documento nº ${certificado.documento_orden} «${certificado.documento_nombre}» del expediente ${certificado.numero}`
      : `Índice firmado del expediente ${certificado.numero}, ${MOTIVOS[certificado.motivo!]}`,
    expediente: { numero: certificado.numero },
    motivo: certificado.motivo,
    firmado_en: certificado.firmado_en.toISOString(),
    organo: { nombre: certificado.unidad_nombre, codigo_dir3: certificado.codigo_dir3 },
    sello: certificado.certificado_sujeto,
    solo_desarrollo: certificado.solo_desarrollo,
    copia: {
      nombre: nombreCopia(certificado),
      tipo: 'application/pdf',
      tamano: Number(certificado.tamano),
      sha256: certificado.sha256,
    },
  };
}

/**
 * The certified copy and nothing else: the signed índice PDF, or the signed copia auténtica, as stored
 * (the latter from the document storage).
 */
export async function copiaVerificada(
  db: Queryable,
  storage: DocumentStorage,
  log: FastifyBaseLogger,
  ip: string,
  escrito: string,
): Promise<{ nombre: string; pdf: Buffer }> {
  const copia = await buscarRegistrando(db, ip, escrito, true, findCopia);
  if (copia.acta_eliminacion) throw copiaEliminada(copia.acta_eliminacion);
  const pdf = copia.pdf ? Buffer.from(copia.pdf) : await copiaAlmacenada(storage, log, copia);
  return { nombre: nombreCopia(copia), pdf };
}

/**
 * A copia auténtica's bytes, only if they are still those that were signed: a file missing or
 * altered in the storage is never handed out as the certified copy (503, and an error in the log
 * for the archive's administrators).
 */
async function copiaAlmacenada(
  storage: DocumentStorage,
  log: FastifyBaseLogger,
  copia: { id_copia: number | null; clave_almacen: string | null; huella_copia: string | null },
): Promise<Buffer> {
  const pdf = await storage
    .read(copia.clave_almacen!)
    .then((contenido) => buffer(contenido))
    .catch((error: unknown) => {
      if (error instanceof StoredObjectNotFoundError) return undefined;
      throw error;
    });
  const encontrada = pdf && createHash('sha256').update(pdf).digest('hex');
  if (encontrada === copia.huella_copia) return pdf!;
  log.error(
    { id_copia: copia.id_copia, huella_encontrada: encontrada ?? null },
    pdf
      ? 'verificación: el archivo de la copia auténtica no coincide con el firmado; no se entrega'
      : 'verificación: falta el archivo de la copia auténtica; no se entrega',
  );
  throw copiaNoDisponible();
}

import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import { expedientesVisibles } from '../expedientes/expedientes.public';

/** Where the bytes of each document of an expediente are, by id. The caller checked the expediente visible. */
export async function findClavesDocumentos(db: Queryable, idExpediente: number): Promise<Map<number, string>> {
  const filas = await db.query<{ id_documento: number; clave: string }>(
    'SELECT id_documento, clave_almacen::text AS clave FROM documento WHERE id_expediente = $1',
    [idExpediente],
  );
  return new Map(filas.map((fila) => [fila.id_documento, fila.clave]));
}

export interface DocumentoOriginal {
  id_documento: number;
  id_expediente: number;
  numero: string;
  orden: number;
  nombre: string;
  formato: string;
  huella: string;
  tamano: number;
  anulado: boolean;
  clave_almacen: string;
  /** The acta de eliminación that destroyed its bytes, if one did. */
  acta_eliminacion: string | null;
}

/** The document, if its expediente is visible to the caller. */
export async function findDocumentoOriginal(
  db: Queryable,
  caller: Caller,
  idDocumento: number,
): Promise<DocumentoOriginal | undefined> {
  const params = new SqlParams();
  const id = params.add(idDocumento);
  const [fila] = await db.query<DocumentoOriginal>(
    `SELECT d.id_documento, d.id_expediente, e.numero, d.orden, d.nombre, d.formato, d.huella, d.tamano::float8 AS tamano,
            d.anulado, d.clave_almacen::text AS clave_almacen, ae.numero AS acta_eliminacion
     FROM documento d
     JOIN expediente e ON e.id_expediente = d.id_expediente
     LEFT JOIN acta_eliminacion ae ON ae.id = d.id_acta_eliminacion AND d.destruido_en IS NOT NULL
     WHERE d.id_documento = ${id} AND ${expedientesVisibles(caller, params, 'e')}`,
    params.values,
  );
  return fila;
}

/** A code from the same generator as the signed índices' (migration 035): 140 random bits. */
export async function nuevoCsv(db: Queryable): Promise<string> {
  const [fila] = await db.query<{ codigo: string }>('SELECT csv_nuevo() AS codigo');
  return fila!.codigo;
}

export interface NuevaCopia {
  id_documento: number;
  id_expediente: number;
  creada_en: Date;
  creada_por: number;
  clave_almacen: string;
  tamano: number;
  huella: string;
  paginas: number;
  certificado_sujeto: string;
  solo_desarrollo: boolean;
  codigo: string;
}

/** The copy and its code, which is looked up by its SHA-256 (`huella`) as every code is. */
export async function insertCopia(tx: Queryable, copia: NuevaCopia): Promise<number> {
  const [fila] = await tx.query<{ id_copia: number }>(
    `INSERT INTO copia_autentica (id_documento, id_expediente, creada_en, creada_por, clave_almacen, tamano, huella,
                                  paginas, certificado_sujeto, solo_desarrollo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id_copia`,
    [
      copia.id_documento,
      copia.id_expediente,
      copia.creada_en,
      copia.creada_por,
      copia.clave_almacen,
      copia.tamano,
      copia.huella,
      copia.paginas,
      copia.certificado_sujeto,
      copia.solo_desarrollo,
    ],
  );
  await tx.query(
    `INSERT INTO codigo_verificacion (id_copia, codigo, huella)
     VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'))`,
    [fila!.id_copia, copia.codigo, copia.codigo],
  );
  return fila!.id_copia;
}

import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { createDocumentStorage } from '../storage/create-storage';
import { StoredObjectNotFoundError, type DocumentStorage } from '../storage/document-storage';
import { copiarVerificando, escribirAtomico, sha256DeArchivo, tamanoDe } from './archivos';
import { pedirVolcado } from './control';
import {
  ARCHIVO_MANIFIESTO,
  ARCHIVO_VOLCADO,
  CARPETA_COPIAS,
  FORMATO_COPIA,
  VERSION_FORMATO,
  nombreDeCopia,
  rutaDocumento,
  type Manifiesto,
} from './formato';
import type { LecturaEnInstantanea } from './instantanea';
import { leerEnInstantanea } from './instantanea';
import { volcarPostgres } from './volcado-postgres';

export type ConfigCopia = Pick<AppConfig, 'databaseUrl' | 'databaseMigrationUrl' | 'dataDir' | 'storage'>;

/**
 * One backup into `carpeta`: the database dump, then every document of that dump not yet in the
 * folder (by SHA-256), then the manifest, written last. Killed at any point before the manifest,
 * the copy stays incomplete and a restore refuses it.
 */
export async function hacerCopia(
  config: ConfigCopia,
  carpeta: string,
  informar: (mensaje: string) => void = () => {},
): Promise<{ carpetaCopia: string; manifiesto: Manifiesto }> {
  const iniciada = new Date();
  const carpetaCopia = path.join(carpeta, CARPETA_COPIAS, nombreDeCopia(iniciada));
  await mkdir(carpetaCopia, { recursive: true });
  try {
    return await copiar(config, carpeta, carpetaCopia, iniciada, informar);
  } catch (error) {
    // A copy that failed leaves nothing that looks like one (the files already copied stay: they are right).
    await rm(carpetaCopia, { recursive: true, force: true });
    throw error;
  }
}

async function copiar(
  config: ConfigCopia,
  carpeta: string,
  carpetaCopia: string,
  iniciada: Date,
  informar: (mensaje: string) => void,
): Promise<{ carpetaCopia: string; manifiesto: Manifiesto }> {
  const archivoVolcado = path.join(carpetaCopia, ARCHIVO_VOLCADO);

  informar('Volcando la base de datos…');
  const leido = await volcar(config, archivoVolcado);
  const volcado = {
    archivo: ARCHIVO_VOLCADO,
    sha256: await sha256DeArchivo(createReadStream(archivoVolcado)),
    bytes: (await tamanoDe(archivoVolcado)) ?? 0,
  };

  informar(`Copiando ${leido.documentos.length} documentos y ${leido.copiasAutenticas.length} copias auténticas…`);
  const storage = await createDocumentStorage(config.storage);
  let resultado: Awaited<ReturnType<typeof copiarDocumentos>>;
  try {
    resultado = await copiarDocumentos(storage, carpeta, [
      ...leido.documentos.map((documento) => ({
        ...documento,
        nombre: `del documento ${documento.id_documento} (expediente ${documento.id_expediente})`,
      })),
      ...leido.copiasAutenticas.map((copia) => ({
        ...copia,
        nombre: `de la copia auténtica ${copia.id_copia} del documento ${copia.id_documento}`,
      })),
    ]);
  } finally {
    await storage.close();
  }

  const manifiesto: Manifiesto = {
    formato: FORMATO_COPIA,
    version: VERSION_FORMATO,
    iniciada_en: iniciada.toISOString(),
    terminada_en: new Date().toISOString(),
    origen: { base_de_datos: config.databaseUrl ? 'postgres' : 'pglite', almacenamiento: config.storage.driver },
    migraciones: leido.migraciones,
    volcado,
    recuentos: leido.recuentos,
    documentos: leido.documentos,
    copias_autenticas: leido.copiasAutenticas,
    totales: {
      documentos: leido.documentos.length,
      bytes: [...leido.documentos, ...leido.copiasAutenticas].reduce((total, archivo) => total + archivo.bytes, 0),
      archivos_nuevos: resultado.nuevos,
      archivos_ya_copiados: resultado.yaCopiados,
    },
    incidencias: resultado.incidencias,
  };
  await escribirAtomico(path.join(carpetaCopia, ARCHIVO_MANIFIESTO), `${JSON.stringify(manifiesto, null, 2)}\n`);
  return { carpetaCopia, manifiesto };
}

async function volcar(config: ConfigCopia, archivo: string): Promise<LecturaEnInstantanea> {
  if (config.databaseUrl) return volcarPostgres(config.databaseMigrationUrl ?? config.databaseUrl, archivo);

  // The embedded database: through the running API, or opened here when it is stopped.
  const remoto = await pedirVolcado(config.dataDir);
  if (remoto) {
    const { sql, ...leido } = remoto;
    await writeFile(archivo, sql);
    return leido;
  }
  const carpetaDb = path.join(config.dataDir, 'db');
  if ((await tamanoDe(path.join(carpetaDb, 'PG_VERSION'))) === undefined) {
    throw new Error(`No hay base de datos embebida en «${carpetaDb}»: revise DATA_DIR.`);
  }
  const { createPgliteDatabase } = await import('../db/pglite-database');
  let db;
  try {
    db = await createPgliteDatabase(carpetaDb);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(
        `${error.message} La API en marcha atiende las copias por ${path.join(config.dataDir, 'control', 'copias.sock')}, pero no respondió: ¿es una versión anterior? Deténgala y repita la copia.`,
        { cause: error },
      );
    }
    throw error;
  }
  try {
    const { sql, leido } = await db.volcar(leerEnInstantanea);
    await writeFile(archivo, sql);
    return leido;
  } finally {
    await db.close();
  }
}

/** A stored file to copy: a document, or a copia auténtica of one (`id_copia`); `nombre` says which. */
interface ArchivoACopiar {
  id_documento: number;
  id_copia?: number;
  clave_almacen: string;
  sha256: string;
  bytes: number;
  nombre: string;
}

async function copiarDocumentos(
  storage: DocumentStorage,
  carpeta: string,
  documentos: ArchivoACopiar[],
): Promise<{ nuevos: number; yaCopiados: number; incidencias: Manifiesto['incidencias'] }> {
  let nuevos = 0;
  let yaCopiados = 0;
  const incidencias: Manifiesto['incidencias'] = [];
  const hechos = new Set<string>();
  for (const documento of documentos) {
    if (hechos.has(documento.sha256)) continue;
    const destino = rutaDocumento(carpeta, documento.sha256);
    // Named by its SHA-256 and written only once verified: a file of the right size is that file.
    if ((await tamanoDe(destino)) === documento.bytes) {
      yaCopiados++;
      hechos.add(documento.sha256);
      continue;
    }
    try {
      const leido = await copiarVerificando(await storage.read(documento.clave_almacen), destino, documento.sha256);
      if (leido !== documento.sha256) {
        incidencias.push({
          id_documento: documento.id_documento,
          ...(documento.id_copia === undefined ? {} : { id_copia: documento.id_copia }),
          tipo: 'archivo_alterado',
          detalle: `El archivo ${documento.nombre} fue alterado: su SHA-256 ya no coincide con la huella registrada. No se copió.`,
        });
        continue;
      }
    } catch (error) {
      if (!(error instanceof StoredObjectNotFoundError)) throw error;
      incidencias.push({
        id_documento: documento.id_documento,
        ...(documento.id_copia === undefined ? {} : { id_copia: documento.id_copia }),
        tipo: 'archivo_ausente',
        detalle: `El archivo ${documento.nombre} no está en el almacenamiento.`,
      });
      continue;
    }
    nuevos++;
    hechos.add(documento.sha256);
  }
  return { nuevos, yaCopiados, incidencias };
}

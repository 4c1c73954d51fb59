import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { IncidenciaVerificacion } from '@ecodigital/contracts/documentos';
import { loadMigrations } from '../db/migrator';
import { verificarAhora } from '../modules/documentos/documentos.public';
import { verificarFirmas } from '../modules/eni/eni.public';
import { createDocumentStorage } from '../storage/create-storage';
import type { DocumentStorage } from '../storage/document-storage';
import type { StorageConfig } from '../storage/storage-config';
import { copiarVerificando, sha256DeArchivo } from './archivos';
import { sqlCargable } from './cargar-volcado';
import { abrirDestino, type ConfigDestino } from './destino';
import { rutaDocumento } from './formato';
import { CopiaNoRestaurableError, localizarCopia } from './localizar-copia';

export interface OpcionesRestaurar {
  /** Over a non-empty installation (its schema is emptied first) or with other sessions open. */
  forzar?: boolean;
  /** The copy's folder name under `copias/`; the newest by default. */
  copia?: string;
}

export interface InformeRestauracion {
  copia: string;
  iniciada_en: string;
  origen: string;
  destino: string;
  documentos_restaurados: number;
  /** The signed PDFs of the copias auténticas, which their CSV certifies. */
  copias_autenticas_restauradas: number;
  bytes_restaurados: number;
  /** Tables whose row count differs from the manifest's. */
  recuentos_distintos: { tabla: string; en_copia: number; restauradas: number }[];
  /** Documents the copy could not bring back (missing or altered in the copy, or already when copied). */
  documentos_no_restaurados: { id_documento: number; detalle: string }[];
  expedientes_verificados: number;
  /** Signed índices whose XAdES and PAdES signatures were checked again. */
  firmas_verificadas: number;
  expedientes_con_incidencias: { id_expediente: number; numero: string; incidencias: IncidenciaVerificacion[] }[];
  correcto: boolean;
}

export type ConfigRestaurar = ConfigDestino & { storage: StorageConfig };

/**
 * Restores a copy onto an empty installation (the database `config` names and its document
 * storage, which may differ in kind from the copy's), then verifies every hash, every índice
 * chain and every signed índice as «Verificar integridad» does.
 */
export async function restaurar(
  config: ConfigRestaurar,
  carpeta: string,
  opciones: OpcionesRestaurar = {},
  informar: (mensaje: string) => void = () => {},
): Promise<InformeRestauracion> {
  const { raiz, carpetaCopia, nombre, manifiesto } = await localizarCopia(carpeta, opciones.copia);

  const conocidas = new Set((await loadMigrations()).map((migracion) => migracion.version));
  const desconocidas = manifiesto.migraciones.filter((version) => !conocidas.has(version));
  if (desconocidas.length) {
    throw new CopiaNoRestaurableError(
      `La copia «${nombre}» se hizo con una versión más nueva de EcoDigital (migraciones ${desconocidas.join(', ')}): actualice antes de restaurar.`,
    );
  }
  const archivoVolcado = path.join(carpetaCopia, manifiesto.volcado.archivo);
  const sha = await sha256DeArchivo(createReadStream(archivoVolcado)).catch(() => undefined);
  if (sha !== manifiesto.volcado.sha256) {
    throw new CopiaNoRestaurableError(
      `El volcado de la base de datos de la copia «${nombre}» falta o fue alterado: su SHA-256 no coincide con el del manifiesto.`,
    );
  }

  const destino = await abrirDestino(config);
  const storage = await createDocumentStorage(config.storage);
  try {
    const impedimentos = await destino.impedimentos();
    if (!(await almacenVacio(storage))) impedimentos.push('el almacenamiento de documentos de destino no está vacío');
    if (impedimentos.length && !opciones.forzar) {
      throw new CopiaNoRestaurableError(
        `No se restaura: ${impedimentos.join('; ')}. Restaure sobre una instalación vacía o, si de verdad quiere reemplazarla, repita con --forzar.`,
      );
    }
    if (impedimentos.length) await destino.vaciar();

    informar('Cargando la base de datos…');
    await destino.duena.exec(sqlCargable(await readFile(archivoVolcado, 'utf8')));
    // The dump empties search_path for its own session.
    await destino.duena.exec('SET search_path TO DEFAULT');
    const recuentos_distintos = await compararRecuentos(destino.duena, manifiesto.recuentos);

    informar(
      `Restaurando ${manifiesto.documentos.length} documentos y ${manifiesto.copias_autenticas?.length ?? 0} copias auténticas…`,
    );
    const clave = (incidencia: { id_documento: number; id_copia?: number }) =>
      incidencia.id_copia === undefined ? `documento ${incidencia.id_documento}` : `copia ${incidencia.id_copia}`;
    const ausentesEnCopia = new Set(manifiesto.incidencias.map(clave));
    const documentos_no_restaurados: InformeRestauracion['documentos_no_restaurados'] = manifiesto.incidencias.map(
      (incidencia) => ({
        id_documento: incidencia.id_documento,
        detalle: `Ya al hacer la copia: ${incidencia.detalle}`,
      }),
    );
    let bytes_restaurados = 0;
    /** Brings one file back from the copy, its SHA-256 checked; says whether it could. */
    const restaurarArchivo = async (
      archivo: { id_documento: number; id_copia?: number; clave_almacen: string; sha256: string; bytes: number },
      nombre: string,
    ): Promise<boolean> => {
      if (ausentesEnCopia.has(clave(archivo))) return false;
      const temporal = path.join(storage.tempDir, `restaurar-${randomUUID()}.part`);
      const origen = createReadStream(rutaDocumento(raiz, archivo.sha256));
      const leido = await copiarVerificando(origen, temporal, archivo.sha256).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (leido !== archivo.sha256) {
        await rm(temporal, { force: true });
        documentos_no_restaurados.push({
          id_documento: archivo.id_documento,
          detalle: leido ? `El archivo ${nombre} en la copia fue alterado.` : `El archivo ${nombre} falta en la copia.`,
        });
        return false;
      }
      await storage.commit(temporal, archivo.clave_almacen);
      bytes_restaurados += archivo.bytes;
      return true;
    };
    let documentos_restaurados = 0;
    for (const documento of manifiesto.documentos) {
      if (await restaurarArchivo(documento, `del documento ${documento.id_documento}`)) documentos_restaurados++;
    }
    let copias_autenticas_restauradas = 0;
    for (const copia of manifiesto.copias_autenticas ?? []) {
      const nombre = `de la copia auténtica ${copia.id_copia} del documento ${copia.id_documento}`;
      if (await restaurarArchivo(copia, nombre)) copias_autenticas_restauradas++;
    }

    informar('Verificando cada expediente…');
    const db = await destino.prepararParaLaApi();
    const expedientes = await db.query<{ id_expediente: number; numero: string }>(
      'SELECT id_expediente, numero FROM expediente ORDER BY id_expediente',
    );
    const expedientes_con_incidencias: InformeRestauracion['expedientes_con_incidencias'] = [];
    let firmas_verificadas = 0;
    for (const expediente of expedientes) {
      const resultado = await verificarAhora(
        db,
        storage,
        expediente.id_expediente,
        new AbortController().signal,
        verificarFirmas,
      );
      firmas_verificadas += resultado.firmas_verificadas ?? 0;
      if (!resultado.correcto) expedientes_con_incidencias.push({ ...expediente, incidencias: resultado.incidencias });
    }

    return {
      copia: nombre,
      iniciada_en: manifiesto.iniciada_en,
      origen: `${manifiesto.origen.base_de_datos} y almacenamiento ${manifiesto.origen.almacenamiento}`,
      destino: `${destino.kind} y almacenamiento ${config.storage.driver}`,
      documentos_restaurados,
      copias_autenticas_restauradas,
      bytes_restaurados,
      recuentos_distintos,
      documentos_no_restaurados,
      expedientes_verificados: expedientes.length,
      firmas_verificadas,
      expedientes_con_incidencias,
      correcto: !recuentos_distintos.length && !documentos_no_restaurados.length && !expedientes_con_incidencias.length,
    };
  } finally {
    await storage.close();
    await destino.cerrar();
  }
}

async function almacenVacio(storage: DocumentStorage): Promise<boolean> {
  for await (const objeto of storage.listStored()) return objeto === undefined;
  return true;
}

async function compararRecuentos(
  db: { query<T>(sql: string): Promise<T[]> },
  esperados: Record<string, number>,
): Promise<InformeRestauracion['recuentos_distintos']> {
  const distintos: InformeRestauracion['recuentos_distintos'] = [];
  for (const [tabla, enCopia] of Object.entries(esperados)) {
    const [fila] = await db
      .query<{ n: number }>(`SELECT count(*)::integer AS n FROM public."${tabla.replace(/"/g, '""')}"`)
      .catch(() => [{ n: -1 }]);
    const restauradas = fila?.n ?? -1;
    if (restauradas !== enCopia) distintos.push({ tabla, en_copia: enCopia, restauradas });
  }
  return distintos;
}

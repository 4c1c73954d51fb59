import { randomUUID } from 'node:crypto';
import { FORMATOS_ADMITIDOS, type Formato } from '@ecodigital/contracts/documentos';
import type { ResultadoImportacionEni } from '@ecodigital/contracts/eni';
import { LIMITES_EXPEDIENTE } from '@ecodigital/contracts/expedientes';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { registrarAuditoria } from '../../shared/auditoria';
import type { DocumentStorage } from '../../storage/document-storage';
import { incorporarImportado } from '../documentos/documentos.public';
import { abrirExpediente, findExpediente } from '../expedientes/expedientes.public';
import { conflictoEni, MENSAJES_IMPORTACION } from './eni.mensajes';
import { leerZipEni, type LecturaEni } from './importacion-lectura';

export interface DependenciasImportacion {
  db: Database;
  storage: DocumentStorage;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface DestinoImportacion {
  id_unidad: number;
  id_tipo: number;
  asunto?: string;
}

interface TipoDocumental {
  id: number;
  nombre: string;
  codigo_td: string | null;
}

/** The active tipos documentales with an ENI code, the first of each code (by id). */
async function findTiposDocumentalesEni(db: Queryable): Promise<Map<string, TipoDocumental>> {
  const filas = await db.query<TipoDocumental>(
    `SELECT id, nombre, codigo_td FROM tipo_documental WHERE activo AND codigo_td IS NOT NULL ORDER BY id`,
  );
  const porCodigo = new Map<string, TipoDocumental>();
  for (const fila of filas) if (!porCodigo.has(fila.codigo_td!)) porCodigo.set(fila.codigo_td!, fila);
  return porCodigo;
}

const recortar = (texto: string, max: number) => (texto.length <= max ? texto : `${texto.slice(0, max - 1)}…`);

/**
 * An ENI ZIP from another administration (already received into the temp file `zip`) becomes a new
 * expediente of the caller in the unidad and tipo they chose, as `POST /api/expedientes` would open
 * it: first the whole ZIP is checked (`leerZipEni`: signature, hashes, entries), then, in one
 * transaction, the expediente, its documents in índice order (each with the ENI tipo documental it
 * declares, TD99 when the institution has no tipo with that code), the original expediente XML as
 * the last document, the historial and the auditoría. A refusal leaves nothing: no row (the
 * transaction rolls back) and no stored file (the keys committed are removed).
 */
export async function importarEni(
  deps: DependenciasImportacion,
  caller: Caller,
  destino: DestinoImportacion,
  zip: string,
): Promise<ResultadoImportacionEni> {
  const { db, storage } = deps;
  const lectura = await leerZipEni(zip, storage.tempDir);
  const claves: string[] = [];
  try {
    const tipos = await findTiposDocumentalesEni(db);
    const otros = tipos.get('TD99');
    if (!otros) throw conflictoEni(MENSAJES_IMPORTACION.sinTipoDocumental, 'SIN_TIPO_DOCUMENTAL');
    const n = lectura.documentos.length;
    const origen = `${lectura.identificador} del órgano ${lectura.organo}`;
    const id = await db.transaction(async (tx) => {
      const { id } = await abrirExpediente(
        tx,
        caller,
        {
          asunto: destino.asunto?.trim() || recortar(`Expediente ENI ${origen}`, LIMITES_EXPEDIENTE.asuntoMax),
          id_tipo: destino.id_tipo,
          id_unidad: destino.id_unidad,
        },
        (numero) =>
          `Creó el expediente ${numero} al incorporar el expediente ENI ${origen} ` +
          `(${n === 1 ? '1 documento' : `${n} documentos`}; huellas y firma del índice comprobadas; firmó el índice ` +
          `«${lectura.firmante}», certificado no validado contra su autoridad de certificación).`,
      );
      for (const documento of lectura.documentos) {
        const clave = randomUUID();
        claves.push(clave);
        const tipo = (documento.tipoDocumentalEni && tipos.get(documento.tipoDocumentalEni)) || otros;
        await incorporarImportado(
          tx,
          storage,
          caller,
          id,
          {
            ...documento,
            nombre: `${documento.identificador}${FORMATOS_ADMITIDOS[documento.formato as Formato].extensions[0]}`,
            tipoDocumental: tipo,
            estado_elaboracion: estadoElaboracion(documento.estadoElaboracion),
          },
          clave,
        );
      }
      const clave = randomUUID();
      claves.push(clave);
      await incorporarImportado(
        tx,
        storage,
        caller,
        id,
        {
          ...lectura.indiceOriginal,
          nombre: recortar(`Índice ENI original ${lectura.identificador}.xml`, 200),
          // XML is not a document format of EcoDigital: it is kept, byte for byte, as plain text.
          formato: 'TXT',
          mime: 'text/plain',
          tipoDocumental: otros,
          estado_elaboracion: 'EE01',
          origen: 'administracion',
        },
        clave,
      );
      await registrarAuditoria(tx, {
        id_usuario: caller.id_usuario,
        accion: 'expediente.importar_eni',
        entidad: 'expediente',
        id_entidad: id,
        descripcion: `Incorporó el expediente ENI ${origen} (${n === 1 ? '1 documento' : `${n} documentos`}).`,
        despues: datosDeOrigen(lectura),
      });
      return id;
    });
    const expediente = (await findExpediente(db, caller, id))!;
    return { expediente, documentos: n, origen: datosDeOrigen(lectura) };
  } catch (error) {
    await Promise.all(
      claves.map((clave) =>
        storage
          .remove(clave)
          .catch((removeError: unknown) =>
            deps.log.error({ err: removeError, clave }, 'no se pudo retirar un archivo de una importación ENI fallida'),
          ),
      ),
    );
    throw error;
  } finally {
    await lectura.descartar();
  }
}

const datosDeOrigen = (lectura: LecturaEni) => ({
  identificador: lectura.identificador,
  organo: lectura.organo,
  firmante: lectura.firmante,
});

const ESTADOS_ELABORACION = new Set(['EE01', 'EE02', 'EE03', 'EE04', 'EE99']);
const estadoElaboracion = (valor: string | null) => (valor && ESTADOS_ELABORACION.has(valor) ? valor : 'EE99');

import type { Expediente } from '@ecodigital/contracts/expedientes';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import type { FirmarIndice } from '../../shared/firma-indice';
import { expedienteParaGestionar, insertEvento, findExpediente } from '../expedientes/expedientes.public';
import {
  findDatosEni,
  findDocumentosEni,
  marcarRemisionCerrada,
  type DatosEni,
  type DocumentoEni,
} from './eni.repository';
import { conflictoEni, MENSAJES_ENI } from './eni.mensajes';

const lista = (nombres: string[]) => {
  const unicos = [...new Set(nombres)].map((nombre) => `«${nombre}»`);
  return unicos.length === 1 ? unicos[0]! : `${unicos.slice(0, -1).join(', ')} y ${unicos.at(-1)}`;
};

/** What the ENI needs and the expediente lacks, each said in Spanish; empty when nothing is missing. */
function metadatosQueFaltan(datos: DatosEni, documentos: DocumentoEni[]): string[] {
  const faltas: string[] = [];
  if (!datos.codigo_dir3) faltas.push(`la unidad «${datos.unidad_nombre}» no tiene código DIR3`);
  if (!datos.codigo_sia) faltas.push(`el tipo de expediente «${datos.tipo_nombre}» no tiene código SIA`);
  const sinTd = documentos.filter((documento) => !documento.codigo_td).map((documento) => documento.tipo_documental);
  if (sinTd.length) {
    faltas.push(
      `${new Set(sinTd).size === 1 ? 'el tipo documental' : 'los tipos documentales'} ${lista(sinTd)} no ${new Set(sinTd).size === 1 ? 'tiene' : 'tienen'} código ENI (TD)`,
    );
  }
  return faltas;
}

/**
 * Closes the índice for remisión (ENI estado E03): a closed expediente whose ENI metadata is complete,
 * with documents. From then on it accepts no change and is not reopened. The índice is signed again.
 */
export async function cerrarRemision(
  db: Database,
  caller: Caller,
  idExpediente: number,
  version: number,
  firmar: FirmarIndice | null,
): Promise<Expediente> {
  return db.transaction(async (tx: Queryable) => {
    const expediente = await expedienteParaGestionar(tx, caller, idExpediente, { version });
    const datos = (await findDatosEni(tx, idExpediente))!;
    if (datos.remision_cerrada_en) throw conflictoEni(MENSAJES_ENI.yaRemitido, 'REMISION_CERRADA');
    if (expediente.estado !== 'cerrado' && expediente.estado !== 'archivado')
      throw conflictoEni(MENSAJES_ENI.soloCerrado);
    const documentos = await findDocumentosEni(tx, idExpediente);
    if (documentos.length === 0) throw conflictoEni(MENSAJES_ENI.sinDocumentos);
    const faltas = metadatosQueFaltan(datos, documentos);
    if (faltas.length) throw conflictoEni(MENSAJES_ENI.faltanMetadatos(faltas), 'METADATOS_ENI');
    if (!firmar) throw conflictoEni(MENSAJES_ENI.sinSello, 'SIN_SELLO');
    await marcarRemisionCerrada(tx, idExpediente, caller.id_usuario);
    await insertEvento(tx, {
      id_expediente: idExpediente,
      id_usuario: caller.id_usuario,
      evento: 'remision_cerrada',
      descripcion: `Cerró el índice para remisión (${documentos.length} documentos).`,
    });
    await firmar(tx, { id_expediente: idExpediente, id_usuario: caller.id_usuario, motivo: 'remision' });
    return (await findExpediente(tx, caller, idExpediente))!;
  });
}

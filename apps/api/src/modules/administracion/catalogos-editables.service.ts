import type {
  CatalogoEditable,
  CrearEntradaCatalogo,
  EditarEntradaCatalogo,
  EntradaCatalogo,
} from '@ecodigital/contracts/administracion';
import type { Database } from '../../db/database';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { CATALOGO_ETIQUETAS } from '@ecodigital/contracts/administracion';
import { CODIGOS_TD, SIA_PATTERN } from '@ecodigital/contracts/eni';
import { registrarAuditoria } from '../../shared/auditoria';
import { asegurarCapacidad } from '../../shared/capacidad';
import { cifra } from '../../shared/numeros';
import type { Caller } from '../../shared/caller/caller';
import { conflicto, entradaNoExiste, MENSAJES_ADMINISTRACION, noValido } from './administracion.mensajes';
import {
  CATALOGOS,
  existeNombre,
  findEntrada,
  findEntradas,
  insertEntrada,
  updateEntrada,
} from './catalogos-editables.repository';

const SIA = new RegExp(SIA_PATTERN);

/** The ENI code as stored (capitals), refused with a Spanish sentence when the catalogue does not admit it. */
function codigoEniValido(catalogo: CatalogoEditable, codigo: string | null | undefined): string | null | undefined {
  if (codigo === undefined || codigo === null) return codigo;
  const valor = codigo.trim().toUpperCase();
  if (valor === '') return null;
  if (catalogo === 'tipos') {
    if (!SIA.test(valor)) throw noValido(MENSAJES_ADMINISTRACION.siaNoValido(codigo));
  } else if (!(CODIGOS_TD as string[]).includes(valor)) {
    throw noValido(MENSAJES_ADMINISTRACION.tdNoValido(codigo));
  }
  return valor;
}

export const listarEntradas = (db: Database, catalogo: CatalogoEditable) => findEntradas(db, CATALOGOS[catalogo]);

export async function crearEntrada(
  db: Database,
  caller: Caller,
  nombreCatalogo: CatalogoEditable,
  body: CrearEntradaCatalogo,
): Promise<EntradaCatalogo> {
  const catalogo = CATALOGOS[nombreCatalogo];
  const { nombre } = body;
  const codigoEni = codigoEniValido(nombreCatalogo, body.codigo_eni) ?? null;
  return db.transaction(async (tx) => {
    // Serialises the additions to this catalogue, so the count below stays true until the insert.
    await tx.query(`LOCK TABLE ${catalogo.tabla} IN SHARE ROW EXCLUSIVE MODE`);
    await asegurarCapacidad(
      tx,
      `FROM ${catalogo.tabla}`,
      [],
      CAPACIDAD.entradasDeCatalogo,
      `«${CATALOGO_ETIQUETAS[nombreCatalogo]}» ya tiene ${cifra(CAPACIDAD.entradasDeCatalogo)} entradas, el máximo. Renombre o reactive una existente en lugar de añadir otra.`,
    );
    if (await existeNombre(tx, catalogo, nombre)) throw conflicto(MENSAJES_ADMINISTRACION.entradaRepetida(nombre));
    const id = await insertEntrada(tx, catalogo, nombre, codigoEni);
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'catalogo.crear',
      entidad: catalogo.entidad,
      id_entidad: id,
      descripcion: `Añadió «${nombre}»${codigoEni ? ` (${codigoEni})` : ''}.`,
      despues: { nombre, activo: true, codigo_eni: codigoEni },
    });
    return (await findEntrada(tx, catalogo, id))!;
  });
}

/**
 * Renames or (de)activates an entry. An entry in use is never deleted, only deactivated: the
 * records that use it keep showing it. A tipo documental with documents keeps its name for good.
 */
export async function editarEntrada(
  db: Database,
  caller: Caller,
  nombreCatalogo: CatalogoEditable,
  id: number,
  body: EditarEntradaCatalogo,
): Promise<{ entrada: EntradaCatalogo; cambiada: boolean }> {
  const catalogo = CATALOGOS[nombreCatalogo];
  const codigoEni = codigoEniValido(nombreCatalogo, body.codigo_eni);
  return db.transaction(async (tx) => {
    const antes = await findEntrada(tx, catalogo, id, { forUpdate: true });
    if (!antes) throw entradaNoExiste();
    const despues = {
      id,
      nombre: body.nombre ?? antes.nombre,
      activo: body.activo ?? antes.activo,
      codigo_eni: codigoEni === undefined ? antes.codigo_eni : codigoEni,
    };
    if (despues.nombre === antes.nombre && despues.activo === antes.activo && despues.codigo_eni === antes.codigo_eni) {
      return { entrada: antes, cambiada: false };
    }
    if (despues.nombre !== antes.nombre) {
      if (nombreCatalogo === 'tipos-documentales' && antes.en_uso > 0) {
        throw conflicto(MENSAJES_ADMINISTRACION.nombreEnUso);
      }
      if (await existeNombre(tx, catalogo, despues.nombre, id)) {
        throw conflicto(MENSAJES_ADMINISTRACION.entradaRepetida(despues.nombre));
      }
    }
    await updateEntrada(tx, catalogo, despues);
    const partes = [
      despues.nombre === antes.nombre ? '' : `renombró «${antes.nombre}» como «${despues.nombre}»`,
      despues.activo === antes.activo ? '' : despues.activo ? 'la activó' : 'la desactivó',
      despues.codigo_eni === antes.codigo_eni
        ? ''
        : despues.codigo_eni === null
          ? 'retiró su código ENI'
          : `le puso el código ENI ${despues.codigo_eni}`,
    ].filter(Boolean);
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'catalogo.modificar',
      entidad: catalogo.entidad,
      id_entidad: id,
      descripcion: `«${despues.nombre}»: ${partes.join(', ')}.`,
      antes: { nombre: antes.nombre, activo: antes.activo, codigo_eni: antes.codigo_eni },
      despues: { nombre: despues.nombre, activo: despues.activo, codigo_eni: despues.codigo_eni },
    });
    return { entrada: (await findEntrada(tx, catalogo, id))!, cambiada: true };
  });
}

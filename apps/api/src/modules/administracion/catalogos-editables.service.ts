import type {
  CatalogoEditable,
  CrearEntradaCatalogo,
  EditarEntradaCatalogo,
  EntradaCatalogo,
} from '@ecodigital/contracts/administracion';
import type { Database } from '../../db/database';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { CATALOGO_ETIQUETAS } from '@ecodigital/contracts/administracion';
import { registrarAuditoria } from '../../shared/auditoria';
import { asegurarCapacidad, cifra } from '../../shared/capacidad';
import type { Caller } from '../../shared/caller/caller';
import { conflicto, entradaNoExiste, MENSAJES_ADMINISTRACION } from './administracion.mensajes';
import {
  CATALOGOS,
  existeNombre,
  findEntrada,
  findEntradas,
  insertEntrada,
  updateEntrada,
} from './catalogos-editables.repository';

export const listarEntradas = (db: Database, catalogo: CatalogoEditable) => findEntradas(db, CATALOGOS[catalogo]);

export async function crearEntrada(
  db: Database,
  caller: Caller,
  nombreCatalogo: CatalogoEditable,
  body: CrearEntradaCatalogo,
): Promise<EntradaCatalogo> {
  const catalogo = CATALOGOS[nombreCatalogo];
  const { nombre } = body;
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
    const id = await insertEntrada(tx, catalogo, nombre);
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'catalogo.crear',
      entidad: catalogo.entidad,
      id_entidad: id,
      descripcion: `Añadió «${nombre}».`,
      despues: { nombre, activo: true },
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
  return db.transaction(async (tx) => {
    const antes = await findEntrada(tx, catalogo, id, { forUpdate: true });
    if (!antes) throw entradaNoExiste();
    const despues = {
      id,
      nombre: body.nombre ?? antes.nombre,
      activo: body.activo ?? antes.activo,
    };
    if (despues.nombre === antes.nombre && despues.activo === antes.activo) return { entrada: antes, cambiada: false };
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
    ].filter(Boolean);
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'catalogo.modificar',
      entidad: catalogo.entidad,
      id_entidad: id,
      descripcion: `«${despues.nombre}»: ${partes.join(', ')}.`,
      antes: { nombre: antes.nombre, activo: antes.activo },
      despues: { nombre: despues.nombre, activo: despues.activo },
    });
    return { entrada: (await findEntrada(tx, catalogo, id))!, cambiada: true };
  });
}

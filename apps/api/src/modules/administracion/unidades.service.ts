import type { CrearUnidad, EditarUnidad, Unidad } from '@ecodigital/contracts/administracion';
import type { Database, Queryable } from '../../db/database';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { registrarAuditoria } from '../../shared/auditoria';
import { asegurarCapacidad } from '../../shared/capacidad';
import { cifra } from '../../shared/numeros';
import type { Caller } from '../../shared/caller/caller';
import { retirarResponsablesAjenos } from '../../shared/pertenencia';
import { unidadLegible } from './auditoria.legible';
import { conflicto, MENSAJES_ADMINISTRACION, noValido, unidadNoExiste } from './administracion.mensajes';
import {
  creariaCiclo,
  existeCodigo,
  existeDir3,
  existeNombreHermano,
  findFilaUnidad,
  findIdsDesde,
  findUnidadAdmin,
  findUnidadesAdmin,
  insertUnidad,
  updateUnidad,
  type FilaUnidad,
} from './unidades.repository';

export const listarUnidades = (db: Database) => findUnidadesAdmin(db);

// Text arrives normalised (`plugins/text-normalization`); a code is kept in capitals.
const normalizarCodigo = (codigo: string) => codigo.toUpperCase();

async function comprobarPadre(tx: Queryable, idPadre: number | null): Promise<void> {
  if (idPadre === null) return;
  const padre = await findFilaUnidad(tx, idPadre);
  if (!padre) throw noValido(MENSAJES_ADMINISTRACION.padreNoExiste);
  if (!padre.activa) throw noValido(MENSAJES_ADMINISTRACION.padreInactivo);
}

async function comprobarUnicidad(
  tx: Queryable,
  unidad: Pick<FilaUnidad, 'codigo' | 'codigo_dir3' | 'nombre' | 'id_padre'> & { id?: number },
): Promise<void> {
  if (await existeCodigo(tx, unidad.codigo, unidad.id))
    throw conflicto(MENSAJES_ADMINISTRACION.codigoRepetido(unidad.codigo));
  if (unidad.codigo_dir3 !== null && (await existeDir3(tx, unidad.codigo_dir3, unidad.id))) {
    throw conflicto(MENSAJES_ADMINISTRACION.dir3Repetido(unidad.codigo_dir3));
  }
  if (await existeNombreHermano(tx, unidad.nombre, unidad.id_padre, unidad.id)) {
    throw conflicto(MENSAJES_ADMINISTRACION.nombreRepetido(unidad.nombre));
  }
}

// Creating and moving unidades is serialised: two moves at once could each pass the loop check.
const BLOQUEO_ARBOL = `SELECT pg_advisory_xact_lock(hashtext('ecodigital.unidades'))`;

export async function crearUnidad(db: Database, caller: Caller, body: CrearUnidad): Promise<Unidad> {
  const nueva = {
    codigo: normalizarCodigo(body.codigo),
    codigo_dir3: body.codigo_dir3 ?? null,
    nombre: body.nombre,
    id_padre: body.id_padre ?? null,
  };
  return db.transaction(async (tx) => {
    await tx.query(BLOQUEO_ARBOL);
    await asegurarCapacidad(
      tx,
      'FROM unidad',
      [],
      CAPACIDAD.unidades,
      `Ya hay ${cifra(CAPACIDAD.unidades)} unidades, el máximo. Reutilice una desactivada (renómbrela o muévala) en lugar de crear otra.`,
    );
    await comprobarPadre(tx, nueva.id_padre);
    await comprobarUnicidad(tx, nueva);
    const creada = await insertUnidad(tx, nueva);
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'unidad.crear',
      entidad: 'unidad',
      id_entidad: creada.id,
      descripcion: `Creó la unidad «${creada.nombre}» (${creada.codigo}).`,
      despues: creada,
    });
    return (await findUnidadAdmin(tx, creada.id))!;
  });
}

/** Renames, recodes, moves (with everything below it) or (de)activates a unidad. */
export async function editarUnidad(
  db: Database,
  caller: Caller,
  id: number,
  body: EditarUnidad,
): Promise<{ unidad: Unidad; cambiada: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query(BLOQUEO_ARBOL);
    const antes = await findFilaUnidad(tx, id, { forUpdate: true });
    if (!antes) throw unidadNoExiste();
    const despues: FilaUnidad = {
      ...antes,
      ...(body.codigo === undefined ? {} : { codigo: normalizarCodigo(body.codigo) }),
      ...(body.codigo_dir3 === undefined ? {} : { codigo_dir3: body.codigo_dir3 }),
      ...(body.nombre === undefined ? {} : { nombre: body.nombre }),
      ...(body.id_padre === undefined ? {} : { id_padre: body.id_padre }),
      ...(body.activa === undefined ? {} : { activa: body.activa }),
    };
    const cambiados = (Object.keys(despues) as (keyof FilaUnidad)[]).filter((campo) => despues[campo] !== antes[campo]);
    if (cambiados.length === 0) return { unidad: (await findUnidadAdmin(tx, id))!, cambiada: false };

    if (despues.id_padre !== antes.id_padre && despues.id_padre !== null) {
      if (despues.id_padre === id || (await creariaCiclo(tx, id, despues.id_padre))) {
        throw noValido(MENSAJES_ADMINISTRACION.ciclo);
      }
      await comprobarPadre(tx, despues.id_padre);
    }
    await comprobarUnicidad(tx, despues);
    await updateUnidad(tx, despues);
    if (cambiados.includes('id_padre')) {
      // Who was above it no longer is: they stop answering for its expedientes (and those below it).
      await retirarResponsablesAjenos(
        tx,
        { unidades: await findIdsDesde(tx, id) },
        { autor: caller.id_usuario, porque: MENSAJES_ADMINISTRACION.responsableRetirado },
      );
    }
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'unidad.modificar',
      entidad: 'unidad',
      id_entidad: id,
      descripcion: descripcionCambio(antes, despues, cambiados, {
        antes: await padreDe(tx, antes, cambiados),
        despues: await padreDe(tx, despues, cambiados),
      }),
      antes: Object.fromEntries(cambiados.map((campo) => [campo, antes[campo]])),
      despues: Object.fromEntries(cambiados.map((campo) => [campo, despues[campo]])),
    });
    return { unidad: (await findUnidadAdmin(tx, id))!, cambiada: true };
  });
}

/** The unidad above, read only when the move is what changed. */
async function padreDe(tx: Queryable, unidad: FilaUnidad, cambiados: (keyof FilaUnidad)[]) {
  if (!cambiados.includes('id_padre') || unidad.id_padre === null) return null;
  return (await findFilaUnidad(tx, unidad.id_padre)) ?? null;
}

/** A superior unidad in a description: «Urbanismo (LA0019005)», or the root when there is none. */
const superior = (unidad: FilaUnidad | null) =>
  unidad === null ? 'la raíz (sin unidad superior)' : `«${unidadLegible(unidad)}»`;

function descripcionCambio(
  antes: FilaUnidad,
  despues: FilaUnidad,
  cambiados: (keyof FilaUnidad)[],
  padres: { antes: FilaUnidad | null; despues: FilaUnidad | null },
): string {
  const partes: string[] = [];
  if (cambiados.includes('nombre')) partes.push(`renombró «${antes.nombre}» como «${despues.nombre}»`);
  if (cambiados.includes('codigo')) partes.push(`cambió el código ${antes.codigo} por ${despues.codigo}`);
  if (cambiados.includes('codigo_dir3')) {
    partes.push(
      despues.codigo_dir3 === null
        ? `retiró el código DIR3 ${antes.codigo_dir3}`
        : `puso el código DIR3 ${despues.codigo_dir3}${antes.codigo_dir3 === null ? '' : ` en lugar de ${antes.codigo_dir3}`}`,
    );
  }
  if (cambiados.includes('id_padre'))
    partes.push(`la movió de ${superior(padres.antes)} a ${superior(padres.despues)}`);
  if (cambiados.includes('activa')) partes.push(despues.activa ? 'la activó' : 'la desactivó');
  const texto = partes.join(', ');
  return `Unidad «${unidadLegible(despues)}»: ${texto}.`;
}

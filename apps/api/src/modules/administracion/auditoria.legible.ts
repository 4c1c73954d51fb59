import type { CampoAuditado, EntidadAuditoria } from '@ecodigital/contracts/administracion';
import { LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion.rules';
import { AMBITO_FESTIVO_ETIQUETAS, describirPlazo, type AmbitoFestivo } from '@ecodigital/contracts/plazos.rules';
import type { Queryable } from '../../db/database';

/**
 * What a change was before and after, as people read it: every field by its Spanish name, a unidad as
 * «Nombre (CÓDIGO)», a permiso by its label. Works on what the auditoría already holds (codes and ids,
 * old rows included) and resolves them when read, a page or an export batch at a time: two lookups
 * per batch, whatever its size.
 */

/** What is stored in `antes`/`despues`, and how the row says what it was about. */
export interface CambioGuardado {
  accion: string;
  entidad: EntidadAuditoria;
  antes: unknown;
  despues: unknown;
}

const ETIQUETAS_CAMPO: Record<string, string> = {
  nombre: 'Nombre',
  codigo: 'Código',
  codigo_dir3: 'Código DIR3',
  codigo_eni: 'Código ENI',
  id_padre: 'Unidad superior',
  activa: 'Activa',
  activo: 'Activo',
  descripcion: 'Descripción',
  todo_el_dominio: 'Lo tienen todas las personas del dominio',
  plazo: 'Plazo de resolución',
  fecha: 'Fecha',
  ambito: 'Ámbito',
  pausada: 'Pausada',
  estado: 'Estado',
  derivados_terminados: 'Accesos derivados terminados',
};

const ORDEN_CAMPOS = Object.keys(ETIQUETAS_CAMPO);
const posicion = (campo: string) => {
  const indice = ORDEN_CAMPOS.indexOf(campo);
  return indice === -1 ? ORDEN_CAMPOS.length : indice;
};

/** Fields that say nothing to a person (the row already names what changed). */
const CAMPOS_OCULTOS = new Set(['id']);

/** The name of a list kept whole, by the action that stored it. */
const LISTAS: Record<string, { campo: string; de: 'permisos' | 'unidades' }> = {
  'rol.permisos': { campo: 'Permisos', de: 'permisos' },
  'usuario.unidades': { campo: 'Unidades', de: 'unidades' },
};

interface Nombres {
  permisos: Map<string, string>;
  unidadesPorId: Map<string, string>;
  unidadesPorCodigo: Map<string, string>;
}

const objeto = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the names that the given changes mention, in two queries. */
async function nombresDe(db: Queryable, cambios: readonly CambioGuardado[]): Promise<Nombres> {
  const permisos = new Set<string>();
  const codigos = new Set<string>();
  const ids = new Set<number>();
  for (const cambio of cambios) {
    const lista = LISTAS[cambio.accion];
    for (const lado of [cambio.antes, cambio.despues]) {
      if (lista && Array.isArray(lado)) {
        for (const item of lado) if (typeof item === 'string') (lista.de === 'permisos' ? permisos : codigos).add(item);
      }
      if (cambio.entidad === 'unidad' && objeto(lado) && Number.isInteger(lado.id_padre))
        ids.add(lado.id_padre as number);
    }
  }
  const nombres: Nombres = { permisos: new Map(), unidadesPorId: new Map(), unidadesPorCodigo: new Map() };
  if (permisos.size) {
    const filas = await db.query<{ codigo: string; descripcion: string }>(
      'SELECT codigo, descripcion FROM permiso WHERE codigo = ANY($1::text[])',
      [[...permisos]],
    );
    for (const fila of filas) nombres.permisos.set(fila.codigo, fila.descripcion);
  }
  if (codigos.size || ids.size) {
    const filas = await db.query<{ id: number; codigo: string; nombre: string }>(
      'SELECT id, codigo, nombre FROM unidad WHERE codigo = ANY($1::text[]) OR id = ANY($2::int[])',
      [[...codigos], [...ids]],
    );
    for (const fila of filas) {
      const texto = unidadLegible(fila);
      nombres.unidadesPorId.set(String(fila.id), texto);
      nombres.unidadesPorCodigo.set(fila.codigo, texto);
    }
  }
  return nombres;
}

/** A unidad as the auditoría names it: «Urbanismo (LA0019009)». */
export const unidadLegible = (unidad: { nombre: string; codigo: string }) => `${unidad.nombre} (${unidad.codigo})`;

const FECHA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function valorLegible(campo: string, value: unknown, nombres: Nombres): string {
  if (value === null || value === undefined) return campo === 'id_padre' ? 'ninguna (unidad raíz)' : '—';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (campo === 'id_padre') return nombres.unidadesPorId.get(String(value)) ?? `unidad nº ${String(value)}`;
  if (campo === 'plazo' && objeto(value) && typeof value.cantidad === 'number') {
    return describirPlazo(value as Parameters<typeof describirPlazo>[0]);
  }
  if (campo === 'ambito' && typeof value === 'string') {
    return AMBITO_FESTIVO_ETIQUETAS[value as AmbitoFestivo] ?? value;
  }
  if (typeof value === 'string') {
    const fecha = FECHA_ISO.exec(value);
    return fecha ? `${fecha[3]}/${fecha[2]}/${fecha[1]}` : value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function listaLegible(value: unknown, de: 'permisos' | 'unidades', nombres: Nombres): string | null {
  if (!Array.isArray(value)) return value === null || value === undefined ? null : JSON.stringify(value);
  if (value.length === 0) return de === 'permisos' ? 'ninguno' : 'ninguna';
  const mapa = de === 'permisos' ? nombres.permisos : nombres.unidadesPorCodigo;
  return value.map((item) => mapa.get(String(item)) ?? String(item)).join(', ');
}

function detalleDe(cambio: CambioGuardado, nombres: Nombres): CampoAuditado[] {
  const lista = LISTAS[cambio.accion];
  if (lista || Array.isArray(cambio.antes) || Array.isArray(cambio.despues)) {
    if (cambio.antes == null && cambio.despues == null) return [];
    const de = lista?.de ?? 'permisos';
    return [
      {
        campo: lista?.campo ?? 'Valor',
        antes: listaLegible(cambio.antes, de, nombres),
        despues: listaLegible(cambio.despues, de, nombres),
      },
    ];
  }
  const antes = objeto(cambio.antes) ? cambio.antes : undefined;
  const despues = objeto(cambio.despues) ? cambio.despues : undefined;
  // jsonb keeps keys in its own order; people read them in a fixed one.
  const campos = [...new Set([...Object.keys(antes ?? {}), ...Object.keys(despues ?? {})])]
    .filter((campo) => !CAMPOS_OCULTOS.has(campo))
    .sort((a, b) => posicion(a) - posicion(b));
  return campos.slice(0, LIMITES_ADMINISTRACION.camposAuditadosMax).map((campo) => ({
    campo: ETIQUETAS_CAMPO[campo] ?? campo,
    antes: antes && campo in antes ? valorLegible(campo, antes[campo], nombres) : null,
    despues: despues && campo in despues ? valorLegible(campo, despues[campo], nombres) : null,
  }));
}

/** The readable detail of each change, in order. */
export async function detallesLegibles(db: Queryable, cambios: readonly CambioGuardado[]): Promise<CampoAuditado[][]> {
  const nombres = await nombresDe(db, cambios);
  return cambios.map((cambio) => detalleDe(cambio, nombres));
}

/** A side of the detail as one text, a field per line («Unidad superior: Urbanismo (LA0019009)»). */
export function textoDeLado(detalle: readonly CampoAuditado[], lado: 'antes' | 'despues'): string {
  return detalle
    .filter((campo) => campo[lado] !== null)
    .map((campo) => `${campo.campo}: ${campo[lado]}`)
    .join('\n');
}

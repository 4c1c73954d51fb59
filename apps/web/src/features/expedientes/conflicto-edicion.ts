import { ESTADO_ETIQUETAS } from '@ecodigital/contracts/expedientes.rules';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { formValuesOf, normalize, type ExpedienteFormValues, type NormalizedValues } from './form-values';

/** One field in which what the person had in the form and the version saved meanwhile differ. */
export interface Diferencia {
  campo: keyof NormalizedValues | 'unidad' | 'estado';
  etiqueta: string;
  /** What the person had (typed or left as it was); null when empty. */
  suyo: string | null;
  /** What the other save left; null when empty. */
  guardado: string | null;
}

/** Ids shown by name: the tipos catalogue and who may answer for the expediente. */
export interface Nombres {
  tipo: (id: number) => string | undefined;
  responsable: (id: number) => string | undefined;
}

const ETIQUETAS: Record<Exclude<keyof NormalizedValues, 'id_unidad'>, string> = {
  asunto: 'Asunto',
  descripcion: 'Descripción',
  id_tipo: 'Tipo',
  interesado_nombre: 'Interesado',
  interesado_documento: 'Documento del interesado',
  id_responsable: 'Responsable',
};

/**
 * What changed between the version the person was editing and the one someone else saved meanwhile,
 * seen from the form: each field where the person's value (`enviados`, what they tried to save) is
 * not the value saved now, with ids by name. The unidad and the estado are not in the form: they are
 * listed when the other save (a transfer, a change of estado) moved them.
 */
export function diferenciasConVersionNueva(
  partida: Expediente,
  enviados: ExpedienteFormValues,
  nueva: Expediente,
  nombres: Nombres,
): Diferencia[] {
  const suyo = normalize(enviados);
  const guardado = normalize(formValuesOf(nueva));
  // A name the person or the other save may have chosen: the expedientes know theirs, else the catalogue.
  const tipo = (id: number) =>
    [partida.tipo, nueva.tipo].find((conocido) => conocido.id === id)?.nombre ?? nombres.tipo(id) ?? String(id);
  const responsable = (id: number) =>
    [partida.responsable, nueva.responsable].find((conocido) => conocido?.id_usuario === id)?.nombre_completo ??
    nombres.responsable(id) ??
    String(id);
  const texto = (campo: keyof typeof ETIQUETAS, valor: string | number | null): string | null => {
    if (valor === null) return null;
    if (campo === 'id_tipo') return tipo(valor as number);
    if (campo === 'id_responsable') return responsable(valor as number);
    return String(valor);
  };
  const diferencias: Diferencia[] = [];
  for (const campo of Object.keys(ETIQUETAS) as (keyof typeof ETIQUETAS)[]) {
    if (suyo[campo] === guardado[campo]) continue;
    diferencias.push({
      campo,
      etiqueta: ETIQUETAS[campo],
      suyo: texto(campo, suyo[campo]),
      guardado: texto(campo, guardado[campo]),
    });
  }
  if (partida.unidad.id !== nueva.unidad.id) {
    diferencias.push({
      campo: 'unidad',
      etiqueta: 'Unidad responsable',
      suyo: partida.unidad.nombre,
      guardado: nueva.unidad.nombre,
    });
  }
  if (partida.estado !== nueva.estado) {
    diferencias.push({
      campo: 'estado',
      etiqueta: 'Estado',
      suyo: ESTADO_ETIQUETAS[partida.estado],
      guardado: ESTADO_ETIQUETAS[nueva.estado],
    });
  }
  return diferencias;
}

/**
 * The form over the version saved meanwhile: what the person changed stays as they typed it, what
 * they left untouched takes the value saved now. Saving it then sends only the person's changes.
 */
export function sobreVersionNueva(
  partida: Expediente,
  actuales: ExpedienteFormValues,
  nueva: Expediente,
): ExpedienteFormValues {
  const antes = normalize(formValuesOf(partida));
  const ahora = normalize(actuales);
  const nuevos = formValuesOf(nueva);
  const resultado: ExpedienteFormValues = { ...actuales };
  for (const campo of Object.keys(nuevos) as (keyof ExpedienteFormValues)[]) {
    if (antes[campo as keyof NormalizedValues] === ahora[campo as keyof NormalizedValues]) {
      (resultado as Record<string, unknown>)[campo] = nuevos[campo];
    }
  }
  return resultado;
}

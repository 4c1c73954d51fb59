import type { CatalogoEntrada, CatalogoItem, Responsable, UnidadCatalogo } from '@ecodigital/contracts/expedientes';

export interface SelectOption {
  value: number;
  label: string;
}

const nombreDe = (item: CatalogoItem & { activo?: boolean }) =>
  item.activo === false ? `${item.nombre} (desactivado)` : item.nombre;

/** Every entry (filters find old records by a deactivated tipo too), the deactivated ones marked. */
export const catalogoOptions = (items: readonly (CatalogoItem & { activo?: boolean })[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: item.id, label: nombreDe(item) }));

/**
 * What a form may choose: the active entries, plus the one the record already has even if it was
 * deactivated since (it keeps it; shown marked so nobody picks it for something new).
 */
export function activeCatalogoOptions(items: readonly CatalogoEntrada[] | undefined, current?: number): SelectOption[] {
  return (items ?? [])
    .filter((item) => item.activo || item.id === current)
    .map((item) => ({ value: item.id, label: nombreDe(item) }));
}

/** Unidades named with the ones above them («Hacienda › Tesorería»), so two «Sección de Licencias» differ. */
export const unidadOptions = (items: readonly UnidadCatalogo[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: item.id, label: item.activo ? item.ruta : `${item.ruta} (desactivada)` }));

export const responsableOptions = (items: readonly Responsable[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: item.id_usuario, label: item.nombre_completo }));

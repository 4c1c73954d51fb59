import type { ExpedientesListaQuery } from '@ecodigital/contracts/expedientes';

/** The one place query keys of expedientes are built; mutations invalidate through it. */
export const expedientesKeys = {
  all: ['expedientes'] as const,
  lists: () => [...expedientesKeys.all, 'list'] as const,
  list: (query: ExpedientesListaQuery) => [...expedientesKeys.lists(), query] as const,
  details: () => [...expedientesKeys.all, 'detail'] as const,
  detail: (id: number) => [...expedientesKeys.details(), id] as const,
  historial: (id: number) => [...expedientesKeys.detail(id), 'historial'] as const,
  plazo: (id: number) => [...expedientesKeys.detail(id), 'plazo'] as const,
};

/** `todas`: every unidad (filters, transfers); `creacion`: where the caller may open an expediente. */
export type AmbitoUnidades = 'todas' | 'creacion';

export const catalogosKeys = {
  all: ['catalogos'] as const,
  tiposExpediente: () => [...catalogosKeys.all, 'tipos-expediente'] as const,
  unidades: (ambito: AmbitoUnidades) => [...catalogosKeys.all, 'unidades', ambito] as const,
  /** Everyone known, or (`unidad`) who may answer for an expediente of that unidad. */
  responsables: (unidad?: number) => [...catalogosKeys.all, 'responsables', unidad ?? 'todos'] as const,
};

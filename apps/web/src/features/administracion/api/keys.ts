import type { AccesosPersonaQuery } from '@ecodigital/contracts/accesos';
import type {
  AuditoriaQuery,
  CatalogoEditable,
  DenegacionesQuery,
  PersonasQuery,
} from '@ecodigital/contracts/administracion';

/** The one place query keys of the administration screens are built; mutations invalidate through it. */
export const administracionKeys = {
  all: ['administracion'] as const,
  unidades: () => [...administracionKeys.all, 'unidades'] as const,
  personas: () => [...administracionKeys.all, 'personas'] as const,
  personasPagina: (query: PersonasQuery) => [...administracionKeys.personas(), query] as const,
  /** The grants a person received or made (under `personas`: a change of unidades may end some). */
  accesosPersona: (id_usuario: number, query?: AccesosPersonaQuery) =>
    [...administracionKeys.personas(), id_usuario, 'accesos', ...(query ? [query] : [])] as const,
  roles: () => [...administracionKeys.all, 'roles'] as const,
  catalogos: () => [...administracionKeys.all, 'catalogos'] as const,
  catalogo: (catalogo: CatalogoEditable) => [...administracionKeys.catalogos(), catalogo] as const,
  plazosTipos: () => [...administracionKeys.all, 'plazos-tipos'] as const,
  calendarios: () => [...administracionKeys.all, 'calendario'] as const,
  calendario: (anio: number) => [...administracionKeys.calendarios(), anio] as const,
  auditoria: () => [...administracionKeys.all, 'auditoria'] as const,
  auditoriaPagina: (query: AuditoriaQuery) => [...administracionKeys.auditoria(), query] as const,
  denegaciones: (query: DenegacionesQuery) => [...administracionKeys.auditoria(), 'denegaciones', query] as const,
  /** The catalogues every signed-in person reads (unidades with their ruta, people), for filters and pickers. */
  unidadesConRuta: () => [...administracionKeys.all, 'unidades-con-ruta'] as const,
  usuarios: () => [...administracionKeys.all, 'usuarios'] as const,
};

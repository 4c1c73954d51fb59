import type { Permiso } from '@ecodigital/contracts/session.rules';

export interface AdminSection {
  /** The menu's route name (`modulo.nom_modulo`); the path is `/<nom_modulo>`. */
  nom_modulo: `administracion/${string}`;
  /** The menu entry's text (`nom_mostrar`), the route's title and breadcrumb, the card's title. */
  title: string;
  /** The icon the menu entry names (`modulo.icon`), drawn by `MenuIcon` (components/menu-icons.tsx). */
  icon: string;
  /** The permiso the menu entry requires (`modulo.permiso_requerido`); the API checks its routes against it too. */
  permiso: Permiso;
}

/**
 * The administration screens, in menu order: the one declaration that the route tree
 * (`app/routes.tsx`, which asks for a lazy view per entry), the cards of `/administracion`
 * (`views/AdministracionView.tsx`, which asks for a description per entry) and the accessibility
 * screens of the e2e tests (`e2e/support/screens.ts`) read. The menu entry itself is a row of a
 * migration (`modulo`); `sections.test.ts` checks that every entry here has its row with the same
 * title, icon and permiso. Plain and short on purpose: the route tree is part of the first load, so
 * no icon, no view and no text only the cards show is imported here. Who sees each one is the
 * menu's business (its permiso).
 */
export const ADMIN_SECTIONS = [
  {
    nom_modulo: 'administracion/unidades',
    title: 'Unidades',
    icon: 'ApartmentOutlined',
    permiso: 'administracion.unidades',
  },
  {
    nom_modulo: 'administracion/personas',
    title: 'Personas',
    icon: 'TeamOutlined',
    permiso: 'administracion.usuarios',
  },
  {
    nom_modulo: 'administracion/roles',
    title: 'Roles y permisos',
    icon: 'SafetyCertificateOutlined',
    permiso: 'administracion.roles',
  },
  {
    nom_modulo: 'administracion/catalogos',
    title: 'Catálogos',
    icon: 'UnorderedListOutlined',
    permiso: 'administracion.catalogos',
  },
  {
    nom_modulo: 'administracion/calendario',
    title: 'Calendario laboral',
    icon: 'CalendarOutlined',
    permiso: 'administracion.catalogos',
  },
  {
    nom_modulo: 'administracion/auditoria',
    title: 'Auditoría',
    icon: 'AuditOutlined',
    permiso: 'administracion.auditoria',
  },
  {
    nom_modulo: 'administracion/indice',
    title: 'Índice de búsqueda',
    icon: 'FileSearchOutlined',
    permiso: 'administracion.indice',
  },
  {
    nom_modulo: 'administracion/trabajos',
    title: 'Colas de trabajos',
    icon: 'DashboardOutlined',
    permiso: 'administracion.trabajos',
  },
  {
    nom_modulo: 'administracion/integridad',
    title: 'Integridad de los documentos',
    icon: 'FileProtectOutlined',
    permiso: 'administracion.integridad',
  },
  {
    nom_modulo: 'administracion/cuadro-clasificacion',
    title: 'Cuadro de clasificación',
    icon: 'ClusterOutlined',
    permiso: 'retencion.gestionar',
  },
  {
    nom_modulo: 'administracion/eliminacion',
    title: 'Eliminación',
    icon: 'DeleteOutlined',
    permiso: 'retencion.gestionar',
  },
] as const satisfies readonly AdminSection[];

/** The `nom_modulo` of each administration section: what `app/routes.tsx` and the e2e screens key their part by. */
export type AdminSectionModulo = (typeof ADMIN_SECTIONS)[number]['nom_modulo'];

/** The section's path below `/administracion` (`administracion/unidades` → `unidades`). */
export function adminSectionPath(section: AdminSection): string {
  return section.nom_modulo.slice('administracion/'.length);
}

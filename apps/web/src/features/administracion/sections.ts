import type { Permiso } from '@ecodigital/contracts/session.rules';

export interface AdminSection {
  /** The menu's route name (`modulo.nom_modulo`); the path is `/<nom_modulo>`. */
  nom_modulo: `administracion/${string}`;
  /** The menu entry's text (`nom_mostrar`), the route's title and breadcrumb, the card's title. */
  title: string;
  /** What the section is for, on its card in `/administracion`. */
  description: string;
  /** The icon the menu entry names (`modulo.icon`), drawn by `MenuIcon` (components/menu-icons.tsx). */
  icon: string;
  /** The permiso the menu entry requires (`modulo.permiso_requerido`); the API checks its routes against it too. */
  permiso: Permiso;
}

/**
 * The administration screens, in menu order: the one declaration the route tree
 * (`app/routes.tsx`, which asks for a lazy view per entry), the cards of `/administracion`
 * (`views/AdministracionView.tsx`) and the accessibility screens of the e2e tests
 * (`e2e/support/screens.ts`) read. The menu entry itself is a row of a migration (`modulo`);
 * `sections.test.ts` checks that every entry here has its row with the same title, icon and
 * permiso. Plain data on purpose: the route tree is part of the first load, so no icon and no
 * view is imported here. Who sees each one is the menu's business (its permiso).
 */
export const ADMIN_SECTIONS = [
  {
    nom_modulo: 'administracion/unidades',
    title: 'Unidades',
    description: 'El árbol de la organización: añada, renombre, mueva o desactive unidades.',
    icon: 'ApartmentOutlined',
    permiso: 'administracion.unidades',
  },
  {
    nom_modulo: 'administracion/personas',
    title: 'Personas',
    description: 'Busque a las personas, vea sus roles y su último acceso, y asígneles unidades.',
    icon: 'TeamOutlined',
    permiso: 'administracion.usuarios',
  },
  {
    nom_modulo: 'administracion/roles',
    title: 'Roles y permisos',
    description: 'Qué puede hacer cada rol, en una tabla de permisos.',
    icon: 'SafetyCertificateOutlined',
    permiso: 'administracion.roles',
  },
  {
    nom_modulo: 'administracion/catalogos',
    title: 'Catálogos',
    description: 'Los tipos de expediente y los tipos documentales que ofrecen los formularios.',
    icon: 'UnorderedListOutlined',
    permiso: 'administracion.catalogos',
  },
  {
    nom_modulo: 'administracion/calendario',
    title: 'Calendario laboral',
    description: 'Los festivos nacionales, autonómicos y locales de cada año, que no cuentan en los plazos.',
    icon: 'CalendarOutlined',
    permiso: 'administracion.catalogos',
  },
  {
    nom_modulo: 'administracion/auditoria',
    title: 'Auditoría',
    description: 'Cada cambio de la administración: quién, cuándo, qué, antes y después.',
    icon: 'AuditOutlined',
    permiso: 'administracion.auditoria',
  },
  {
    nom_modulo: 'administracion/indice',
    title: 'Índice de búsqueda',
    description: 'El texto leído de cada documento: estados, errores y reindexado.',
    icon: 'FileSearchOutlined',
    permiso: 'administracion.indice',
  },
  {
    nom_modulo: 'administracion/trabajos',
    title: 'Colas de trabajos',
    description: 'Las colas de trabajos: cuántos esperan, los que fallaron y por qué; pausa y reintento.',
    icon: 'DashboardOutlined',
    permiso: 'administracion.trabajos',
  },
  {
    nom_modulo: 'administracion/integridad',
    title: 'Integridad de los documentos',
    description: 'La revisión periódica del SHA-256 de cada archivo guardado y los archivos ausentes o alterados.',
    icon: 'FileProtectOutlined',
    permiso: 'administracion.integridad',
  },
] as const satisfies readonly AdminSection[];

/** The `nom_modulo` of each administration section: what `app/routes.tsx` and the e2e screens key their part by. */
export type AdminSectionModulo = (typeof ADMIN_SECTIONS)[number]['nom_modulo'];

/** The section's path below `/administracion` (`administracion/unidades` → `unidades`). */
export function adminSectionPath(section: AdminSection): string {
  return section.nom_modulo.slice('administracion/'.length);
}

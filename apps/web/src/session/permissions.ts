import type { MenuItem } from '@ecodigital/contracts/session';
import type { Permiso } from '@ecodigital/contracts/session.rules';
import { findMenuItemByModulo } from './menu-search';

/**
 * The menu received at session start is the list of modules the person may use: a route of a
 * module is allowed only when that module is in the menu, children included. Routes without a
 * module (home, not found) are always allowed. The API checks permissions again on every call.
 */
export function canAccessModule(menu: readonly MenuItem[], nomModulo: string | undefined): boolean {
  if (!nomModulo) return true;
  return findMenuItemByModulo(menu, nomModulo) !== undefined;
}

/**
 * True when the session's `permisos` list holds the permission code. The code is a `Permiso` of the
 * contract, so a misspelt or withdrawn code fails the typecheck instead of hiding a control.
 */
export function hasPermiso(permisos: readonly string[], permiso: Permiso): boolean {
  return permisos.includes(permiso);
}

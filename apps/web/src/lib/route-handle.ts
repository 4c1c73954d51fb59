import type { UIMatch } from 'react-router';

/** Metadata of a route in the one route tree: drives the guard, the permission check and titles. */
export interface RouteHandle {
  /** Page title and breadcrumb text. */
  title: string;
  /** The route name the menu uses: the route needs this module in the person's menu. */
  nom_modulo?: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** Handles of the matched routes, outermost first. */
export function routeHandles(matches: readonly UIMatch[]): RouteHandle[] {
  return matches.map((match) => match.handle).filter(isRouteHandle);
}

/** The route name (`nom_modulo`) of the deepest matched route that has one. */
export function routeModulo(matches: readonly UIMatch[]): string | undefined {
  return routeHandles(matches)
    .map((handle) => handle.nom_modulo)
    .filter((modulo): modulo is string => Boolean(modulo))
    .at(-1);
}

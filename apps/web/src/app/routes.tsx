import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { MenuIcon } from '../components/menu-icons';
import { ADMIN_SECTIONS, adminSectionPath, type AdminSectionModulo } from '../features/administracion/sections';
import type { RouteHandle } from '../lib/route-handle';
import { requireAuthentication } from './auth-guard';
import { RootErrorBoundary, RouteErrorView } from './RouteErrorView';
import { Shell } from './Shell';

const handle = (value: RouteHandle) => value;

/** Same look as the start-up overlay of index.html, without pulling antd's Spin into the first load. */
function RouteLoading() {
  return (
    <div className="startup-overlay" role="status" style={{ display: 'flex' }}>
      <div className="startup-spinner" aria-hidden="true" />
      <div>Cargando…</div>
    </div>
  );
}

/**
 * The view of each administration section. Path, title, menu entry and permiso are declared once in
 * `ADMIN_SECTIONS` (features/administracion/sections.ts); the compiler asks here for the lazy view
 * of every section declared there, and only of those.
 */
const adminViews: Record<AdminSectionModulo, Pick<NonIndexRouteObject, 'lazy' | 'children'>> = {
  'administracion/unidades': {
    lazy: async () => ({ Component: (await import('../features/administracion/views/UnidadesView')).UnidadesView }),
  },
  'administracion/personas': {
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/administracion/views/PersonasView')).PersonasView }),
      },
      {
        path: ':id_usuario/accesos',
        handle: handle({ title: 'Accesos de la persona' }),
        lazy: async () => ({
          Component: (await import('../features/administracion/views/PersonaAccesosView')).PersonaAccesosView,
        }),
      },
    ],
  },
  'administracion/roles': {
    lazy: async () => ({ Component: (await import('../features/administracion/views/RolesView')).RolesView }),
  },
  'administracion/catalogos': {
    lazy: async () => ({ Component: (await import('../features/administracion/views/CatalogosView')).CatalogosView }),
  },
  'administracion/calendario': {
    lazy: async () => ({
      Component: (await import('../features/administracion/views/CalendarioView')).CalendarioView,
    }),
  },
  'administracion/auditoria': {
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/administracion/views/AuditoriaView')).AuditoriaView,
        }),
      },
      {
        path: 'denegados',
        handle: handle({ title: 'Accesos denegados' }),
        lazy: async () => ({
          Component: (await import('../features/administracion/views/AccesosDenegadosView')).AccesosDenegadosView,
        }),
      },
    ],
  },
  'administracion/indice': {
    lazy: async () => ({ Component: (await import('./views/IndiceBusquedaRoute')).IndiceBusquedaRoute }),
  },
  'administracion/trabajos': {
    lazy: async () => ({ Component: (await import('../features/trabajos/views/TrabajosView')).TrabajosView }),
  },
  'administracion/integridad': {
    lazy: async () => ({ Component: (await import('../features/integridad/views/IntegridadView')).IntegridadView }),
  },
  'administracion/cuadro-clasificacion': {
    lazy: async () => ({
      Component: (await import('../features/retencion/views/CuadroClasificacionView')).CuadroClasificacionView,
    }),
  },
  'administracion/eliminacion': {
    lazy: async () => ({ Component: (await import('../features/retencion/views/EliminacionView')).EliminacionView }),
  },
};

/** The one route tree: paths, on-demand views and the metadata (`handle`) the guards read. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: requireAuthentication,
    // Every navigation passes the authentication guard, not only the first one.
    shouldRevalidate: () => true,
    Component: Shell,
    HydrateFallback: RouteLoading,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        ErrorBoundary: RouteErrorView,
        children: [
          {
            index: true,
            handle: handle({ title: 'Inicio' }),
            lazy: async () => ({ Component: (await import('../features/inicio/InicioView')).InicioView }),
          },
          {
            path: 'expedientes',
            handle: handle({ title: 'Expedientes', nom_modulo: 'expedientes' }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./views/ExpedientesListRoute')).ExpedientesListRoute,
                }),
              },
              {
                path: 'ver/:id_expediente',
                handle: handle({ title: 'Detalle del expediente' }),
                lazy: async () => ({ Component: (await import('./views/ExpedienteVerRoute')).ExpedienteVerRoute }),
              },
            ],
          },
          {
            // Every signed-in person has notifications: no `nom_modulo`, so no menu entry to require.
            path: 'notificaciones',
            handle: handle({ title: 'Notificaciones' }),
            lazy: async () => ({
              Component: (await import('../features/notificaciones/views/NotificacionesView')).NotificacionesView,
            }),
          },
          {
            path: 'subir-documentos',
            handle: handle({ title: 'Subir documentos', nom_modulo: 'subir-documentos' }),
            lazy: async () => ({
              Component: (await import('../features/documentos/views/SubirDocumentosView')).SubirDocumentosView,
            }),
          },
          {
            path: 'buscar-documentos',
            handle: handle({ title: 'Buscar en documentos', nom_modulo: 'buscar-documentos' }),
            lazy: async () => ({ Component: (await import('./views/BuscarDocumentosRoute')).BuscarDocumentosRoute }),
          },
          {
            path: 'administracion',
            handle: handle({ title: 'Administración', nom_modulo: 'administracion' }),
            children: [
              {
                index: true,
                lazy: async () => {
                  const { AdministracionView } = await import('../features/administracion/views/AdministracionView');
                  // The frame's MenuIcon draws the cards' icons; passed in, it stays in the first load's chunk.
                  return {
                    Component: () => <AdministracionView renderIcon={(icon) => <MenuIcon name={icon} />} />,
                  };
                },
              },
              ...ADMIN_SECTIONS.map((section): RouteObject => ({
                path: adminSectionPath(section),
                handle: handle({ title: section.title, nom_modulo: section.nom_modulo }),
                ...adminViews[section.nom_modulo],
              })),
            ],
          },
          {
            path: '*',
            handle: handle({ title: 'Página no encontrada' }),
            lazy: async () => ({ Component: (await import('./views/NotFoundView')).NotFoundView }),
          },
        ],
      },
    ],
  },
];

import { Empty } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { Notificaciones } from '@ecodigital/contracts/notificaciones';
import { useNotificaciones } from '../features/notificaciones/api/get-notificaciones';
import { useMarkVistas } from '../features/notificaciones/api/mark-vistas';
import { NotificationsDropdown } from '../layout/NotificationsDropdown';

// The shell carries only the query hook; the dropdown's content loads when first opened.
const NotificacionesPanel = lazy(() => import('../features/notificaciones/components/NotificacionesPanel'));

const SIN_CIFRAS: Notificaciones['cifras'] = { documentos_subidos_hoy: 0, descargas_hoy: 0, expedientes_nuevos_hoy: 0 };

/** The bell with live data: opening it marks everything seen (on the server) and clears the badge. */
export function HeaderNotifications() {
  const notificaciones = useNotificaciones();
  const marcarVistas = useMarkVistas();
  const [open, setOpen] = useState(false);
  // The events stay on screen while it is open, although they are no longer new after opening.
  const [mostradas, setMostradas] = useState<Notificaciones['eventos']>([]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setMostradas(notificaciones.data?.eventos ?? []);
    if ((notificaciones.data?.no_vistos ?? 0) > 0) marcarVistas.mutate({});
  };

  return (
    <NotificationsDropdown unseen={notificaciones.data?.no_vistos ?? 0} open={open} onOpenChange={onOpenChange}>
      {open && (
        <Suspense fallback={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Cargando…" />}>
          <NotificacionesPanel
            cifras={notificaciones.data?.cifras ?? SIN_CIFRAS}
            eventos={mostradas}
            onNavigate={() => setOpen(false)}
          />
        </Suspense>
      )}
    </NotificationsDropdown>
  );
}

import { useMemo } from 'react';
import { useSessionStore } from '../../../session/session.store';
import { expedientesAccess, type ExpedientesAccess } from '../access';

export function useExpedientesAccess(): ExpedientesAccess {
  const permisos = useSessionStore((state) => state.permisos);
  return useMemo(() => expedientesAccess(permisos), [permisos]);
}

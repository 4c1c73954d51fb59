import { useMemo } from 'react';
import { usePermisos } from '../../../session/session-query';
import { expedientesAccess, type ExpedientesAccess } from '../access';

export function useExpedientesAccess(): ExpedientesAccess {
  const permisos = usePermisos();
  return useMemo(() => expedientesAccess(permisos), [permisos]);
}

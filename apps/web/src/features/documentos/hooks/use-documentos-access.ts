import { useMemo } from 'react';
import { usePermisos } from '../../../session/session-query';
import { documentosAccess, type DocumentosAccess } from '../access';

export function useDocumentosAccess(): DocumentosAccess {
  const permisos = usePermisos();
  return useMemo(() => documentosAccess(permisos), [permisos]);
}

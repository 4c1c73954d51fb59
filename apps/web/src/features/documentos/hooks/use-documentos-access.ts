import { useMemo } from 'react';
import { useSessionStore } from '../../../session/session.store';
import { documentosAccess, type DocumentosAccess } from '../access';

export function useDocumentosAccess(): DocumentosAccess {
  const permisos = useSessionStore((state) => state.permisos);
  return useMemo(() => documentosAccess(permisos), [permisos]);
}

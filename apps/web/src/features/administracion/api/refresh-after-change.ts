import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { sessionQuery } from '../../../session/session-query';

/**
 * After an administrative change: the screen's own data is read again now, and everything else the
 * app keeps (other screens' unidad names, catalogues, the expedientes a moved person sees, the
 * auditoría) is marked out of date, to be read again when next shown. Other features' keys are theirs
 * to build, so the mark covers every query but the session, which changes only with a new sign-in.
 */
export async function refreshAfterChange(queryClient: QueryClient, changed: QueryKey): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0],
    refetchType: 'none',
  });
  await queryClient.invalidateQueries({ queryKey: changed });
}

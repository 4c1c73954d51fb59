import { useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { ResumenPlazos } from '@ecodigital/contracts/plazos';
import { api } from '../../../lib/api-client';
import { inicioKeys } from './keys';

/** `GET /api/plazos/resumen`. Quiet: the block shows its own error. */
export function usePlazos() {
  return useQuery({
    queryKey: inicioKeys.plazos(),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<ResumenPlazos>>('/plazos/resumen', { silent: true, signal })).data.data,
  });
}

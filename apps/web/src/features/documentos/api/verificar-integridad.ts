import { useMutation } from '@tanstack/react-query';
import type { ResultadoVerificacion } from '@ecodigital/contracts/documentos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';

/** `POST /api/expedientes/:id/verificar`. Quiet: the result dialog shows the outcome and any error. */
async function verificarIntegridad(id_expediente: number): Promise<ResultadoVerificacion> {
  const response = await api.post<WriteResponse<ResultadoVerificacion>>(
    `/expedientes/${id_expediente}/verificar`,
    undefined,
    {
      silent: true,
    },
  );
  return response.data.data;
}

export function useVerificarIntegridad(id_expediente: number) {
  return useMutation({ mutationFn: () => verificarIntegridad(id_expediente) });
}

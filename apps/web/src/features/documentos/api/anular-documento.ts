import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnularDocumento, Documento } from '@ecodigital/contracts/documentos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/** `POST /api/documentos/:id/anular`. The client toasts the server's message. */
async function anularDocumento(id_documento: number, body: AnularDocumento): Promise<Documento> {
  const response = await api.post<WriteResponse<Documento>>(`/documentos/${id_documento}/anular`, body);
  return response.data.data;
}

export function useAnularDocumento(id_expediente: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id_documento, motivo }: { id_documento: number; motivo: string }) =>
      anularDocumento(id_documento, { motivo }),
    // Refetched on success and on refusal alike: a 409 means the list on screen is stale.
    onSettled: async (_data, error) => {
      if (!error) onChanged?.();
      await queryClient.invalidateQueries({ queryKey: documentosKeys.list(id_expediente) });
    },
  });
}

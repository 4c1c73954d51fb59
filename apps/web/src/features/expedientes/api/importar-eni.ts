import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CAMPOS_IMPORTACION_ENI } from '@ecodigital/contracts/eni.rules';
import type { ResultadoImportacionEni } from '@ecodigital/contracts/eni';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { expedientesKeys } from './keys';

interface ImportarEniInput {
  archivo: File;
  id_unidad: number;
  id_tipo: number;
}

/**
 * The multipart body of `POST /api/expedientes/importar-eni`: the fields first, then the ZIP (the API
 * reads the parts as they arrive).
 */
function buildImportarEniFormData({ archivo, id_unidad, id_tipo }: ImportarEniInput): FormData {
  const body = new FormData();
  body.append(CAMPOS_IMPORTACION_ENI.unidad, String(id_unidad));
  body.append(CAMPOS_IMPORTACION_ENI.tipo, String(id_tipo));
  body.append(CAMPOS_IMPORTACION_ENI.archivo, archivo);
  return body;
}

/** Quiet: the dialog shows a refusal itself, and success opens the new expediente. */
async function importarEni(input: ImportarEniInput): Promise<ResultadoImportacionEni> {
  const response = await api.post<WriteResponse<ResultadoImportacionEni>>(
    '/expedientes/importar-eni',
    buildImportarEniFormData(input),
    { silent: true },
  );
  return response.data.data;
}

export function useImportarEni() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importarEni,
    onSuccess: ({ expediente }) => {
      queryClient.setQueryData(expedientesKeys.detail(expediente.id_expediente), expediente);
      return queryClient.invalidateQueries({ queryKey: expedientesKeys.lists() });
    },
  });
}

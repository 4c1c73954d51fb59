import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageOfBlobError } from '../../../lib/blob-error';
import { NOTIFICATION_LIFE_MS } from '../../../lib/constants';
import { filenameFromContentDisposition, saveBlob } from '../../../lib/download';
import { toast } from '../../../lib/toast';

export type FormatoIndice = 'pdf' | 'json';

const ACCEPT: Record<FormatoIndice, string> = { pdf: 'application/pdf', json: 'application/json' };

/** `GET /api/expedientes/:id/indice.pdf|json`, saved under the server's file name. */
export async function downloadIndice({
  id_expediente,
  numero,
  formato,
}: {
  id_expediente: number;
  numero: string;
  formato: FormatoIndice;
}) {
  try {
    const response = await api.get<Blob>(`/expedientes/${id_expediente}/indice.${formato}`, {
      responseType: 'blob',
      headers: { Accept: ACCEPT[formato] },
      silent: true,
    });
    const disposition = response.headers['content-disposition'];
    const filename =
      filenameFromContentDisposition(typeof disposition === 'string' ? disposition : null) ??
      `indice-${numero}.${formato}`;
    saveBlob(response.data, filename);
    return filename;
  } catch (error) {
    toast.show({
      severity: 'error',
      summary: 'Error',
      detail: await messageOfBlobError(error),
      life: NOTIFICATION_LIFE_MS,
    });
    throw error;
  }
}

export function useDownloadIndice() {
  return useMutation({ mutationFn: downloadIndice });
}

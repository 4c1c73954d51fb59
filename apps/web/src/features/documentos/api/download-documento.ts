import { useMutation } from '@tanstack/react-query';
import type { Documento } from '@ecodigital/contracts/documentos';
import { api } from '../../../lib/api-client';
import { messageOfBlobError } from '../../../lib/blob-error';
import { NOTIFICATION_LIFE_MS } from '../../../lib/constants';
import { filenameFromContentDisposition, saveBlob } from '../../../lib/download';
import { toast } from '../../../lib/toast';

/**
 * `GET /api/documentos/:id/descargar` through the API client (bearer token), saved under the name
 * the server gives. Quiet request: the client cannot read the message of a binary answer.
 */
export async function downloadDocumento(documento: Pick<Documento, 'id_documento' | 'nombre'>): Promise<string> {
  try {
    const response = await api.get<Blob>(`/documentos/${documento.id_documento}/descargar`, {
      responseType: 'blob',
      headers: { Accept: '*/*' },
      silent: true,
    });
    const disposition = response.headers['content-disposition'];
    const filename =
      filenameFromContentDisposition(typeof disposition === 'string' ? disposition : null) ?? documento.nombre;
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

export function useDownloadDocumento() {
  return useMutation({ mutationFn: downloadDocumento });
}

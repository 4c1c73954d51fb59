import { useMutation } from '@tanstack/react-query';
import type { ExpedientesFiltro } from '@ecodigital/contracts/expedientes';
import { api, GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client';
import { NOTIFICATION_LIFE_MS } from '../../../lib/constants';
import { filenameFromContentDisposition, saveBlob } from '../../../lib/download';
import { toast } from '../../../lib/toast';

const FALLBACK_FILENAME = 'expedientes.csv';

/** A failed download arrives as a Blob: read the envelope's message out of it. */
async function messageOfBlobError(error: unknown): Promise<string> {
  if (!isApiError(error) || !(error.response?.data instanceof Blob)) return GENERIC_ERROR_MESSAGE;
  try {
    const body = JSON.parse(await error.response.data.text()) as { msg?: unknown };
    return typeof body.msg === 'string' && body.msg.trim() ? body.msg : GENERIC_ERROR_MESSAGE;
  } catch {
    return GENERIC_ERROR_MESSAGE;
  }
}

/**
 * `GET /api/expedientes/export.csv` through the API client (bearer token), saved as a file.
 * Quiet request: the client cannot read the message of a binary answer, so it is toasted here.
 */
export async function exportExpedientesCsv(filtro: ExpedientesFiltro): Promise<string> {
  try {
    const response = await api.get<Blob>('/expedientes/export.csv', {
      params: filtro,
      responseType: 'blob',
      headers: { Accept: 'text/csv' },
      silent: true,
    });
    const disposition = response.headers['content-disposition'];
    const filename =
      filenameFromContentDisposition(typeof disposition === 'string' ? disposition : null) ?? FALLBACK_FILENAME;
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

export function useExportExpedientesCsv() {
  return useMutation({ mutationFn: exportExpedientesCsv });
}

import type { ResultadoSubida } from '@ecodigital/contracts/documentos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api, GENERIC_ERROR_MESSAGE, isApiError, isCancel, messageOf } from '../../../lib/api-client';
import { buildUploadFormData } from '../upload-request';

export interface UploadDocumentoInput {
  id_expediente: number;
  id_tipo_documental: number;
  file: File;
  /** 0–100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export type UploadOutcome =
  | { resultado: 'subido'; detalle: ResultadoSubida }
  | { resultado: 'rechazado'; motivo: string }
  | { resultado: 'cancelado' };

/**
 * `POST /api/expedientes/:id/documentos` with one file. Quiet: the upload list shows every file's
 * outcome itself, a toast per file would only repeat it. Never throws: the outcome says what happened.
 */
export async function uploadDocumento(input: UploadDocumentoInput): Promise<UploadOutcome> {
  try {
    const response = await api.post<WriteResponse<ResultadoSubida[]>>(
      `/expedientes/${input.id_expediente}/documentos`,
      buildUploadFormData(input.id_tipo_documental, input.file),
      {
        silent: true,
        signal: input.signal,
        onUploadProgress: (event) => {
          if (event.total) input.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        },
      },
    );
    const detalle = response.data.data[0];
    if (!detalle) return { resultado: 'rechazado', motivo: GENERIC_ERROR_MESSAGE };
    if (detalle.resultado === 'rechazado') {
      return { resultado: 'rechazado', motivo: detalle.motivo ?? messageOf(response.data) ?? GENERIC_ERROR_MESSAGE };
    }
    return { resultado: 'subido', detalle };
  } catch (error) {
    if (isCancel(error) || input.signal?.aborted) return { resultado: 'cancelado' };
    if (isApiError(error) && !error.response) {
      return { resultado: 'rechazado', motivo: 'No se pudo enviar el archivo: compruebe la conexión.' };
    }
    const data: unknown = isApiError(error) ? error.response?.data : undefined;
    const detalle = (data as { data?: ResultadoSubida[] } | undefined)?.data?.[0];
    return { resultado: 'rechazado', motivo: detalle?.motivo ?? messageOf(data) ?? GENERIC_ERROR_MESSAGE };
  }
}

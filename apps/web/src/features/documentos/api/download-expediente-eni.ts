import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** `GET /api/expedientes/:id/eni`: the expediente in ENI format (ZIP), saved under the server's file name. */
function downloadExpedienteEni({ id_expediente, numero }: { id_expediente: number; numero: string }) {
  return downloadFile(`/expedientes/${id_expediente}/eni`, {
    accept: 'application/zip',
    fallbackName: `expediente-eni-${numero}.zip`,
  });
}

export function useDownloadExpedienteEni() {
  return useMutation({ mutationFn: downloadExpedienteEni });
}

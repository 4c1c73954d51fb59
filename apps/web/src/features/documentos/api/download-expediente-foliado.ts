import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/**
 * `GET /api/expedientes/:id/foliado`: the whole expediente as one PDF, every page «Folio n de N»,
 * saved under the server's file name.
 */
function downloadExpedienteFoliado({ id_expediente, numero }: { id_expediente: number; numero: string }) {
  return downloadFile(`/expedientes/${id_expediente}/foliado`, {
    accept: 'application/pdf',
    fallbackName: `expediente-${numero}-foliado.pdf`,
  });
}

export function useDownloadExpedienteFoliado() {
  return useMutation({ mutationFn: downloadExpedienteFoliado });
}

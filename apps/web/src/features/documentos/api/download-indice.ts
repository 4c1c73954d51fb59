import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

type FormatoIndice = 'pdf' | 'json';

const ACCEPT: Record<FormatoIndice, string> = { pdf: 'application/pdf', json: 'application/json' };

/** `GET /api/expedientes/:id/indice.pdf|json`, saved under the server's file name. */
function downloadIndice({
  id_expediente,
  numero,
  formato,
}: {
  id_expediente: number;
  numero: string;
  formato: FormatoIndice;
}): Promise<string> {
  return downloadFile(`/expedientes/${id_expediente}/indice.${formato}`, {
    accept: ACCEPT[formato],
    fallbackName: `indice-${numero}.${formato}`,
  });
}

export function useDownloadIndice() {
  return useMutation({ mutationFn: downloadIndice });
}

import { useMutation } from '@tanstack/react-query';
import type { Documento } from '@ecodigital/contracts/documentos';
import { downloadFile } from '../../../lib/download';

/** `GET /api/documentos/:id/descargar`, saved under the name the server gives. */
function downloadDocumento(documento: Pick<Documento, 'id_documento' | 'nombre'>): Promise<string> {
  return downloadFile(`/documentos/${documento.id_documento}/descargar`, {
    accept: '*/*',
    fallbackName: documento.nombre,
  });
}

export function useDownloadDocumento() {
  return useMutation({ mutationFn: downloadDocumento });
}

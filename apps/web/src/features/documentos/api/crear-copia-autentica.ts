import { useMutation } from '@tanstack/react-query';
import type { DocumentoListado } from '@ecodigital/contracts/documentos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { CopiaAutentica } from '@ecodigital/contracts/verificacion';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** Where anybody holding the code downloads the signed copy (public, without a session). */
export const descargaDeCopia = (csv: string) => `/verificacion/${encodeURIComponent(csv)}/descarga`;

/**
 * `POST /api/documentos/:id/copia-autentica`, then the signed copy saved under the server's name: the
 * answer carries the code the copy was stamped with.
 */
async function crearCopiaAutentica(
  documento: Pick<DocumentoListado, 'id_documento' | 'nombre'>,
): Promise<CopiaAutentica> {
  const response = await api.post<WriteResponse<CopiaAutentica>>(
    `/documentos/${documento.id_documento}/copia-autentica`,
  );
  const copia = response.data.data;
  await downloadFile(descargaDeCopia(copia.csv), { accept: 'application/pdf', fallbackName: copia.nombre });
  return copia;
}

export function useCrearCopiaAutentica() {
  return useMutation({ mutationFn: crearCopiaAutentica });
}

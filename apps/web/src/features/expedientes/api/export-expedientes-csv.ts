import { useMutation } from '@tanstack/react-query';
import type { ExpedientesFiltro } from '@ecodigital/contracts/expedientes';
import { downloadFile } from '../../../lib/download';

/** `GET /api/expedientes/export.csv` with the list's filters, saved as a file. */
function exportExpedientesCsv(filtro: ExpedientesFiltro): Promise<string> {
  return downloadFile('/expedientes/export.csv', {
    params: filtro,
    accept: 'text/csv',
    fallbackName: 'expedientes.csv',
  });
}

export function useExportExpedientesCsv() {
  return useMutation({ mutationFn: exportExpedientesCsv });
}

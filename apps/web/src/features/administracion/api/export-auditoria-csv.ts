import { useMutation } from '@tanstack/react-query';
import type { AuditoriaExportQuery } from '@ecodigital/contracts/administracion';
import { downloadFile } from '../../../lib/download';

/** `GET /api/admin/auditoria/exportar` with the list's filters (no page), saved as a file. */
function exportAuditoriaCsv(filtros: AuditoriaExportQuery): Promise<string> {
  return downloadFile('/admin/auditoria/exportar', {
    params: filtros,
    accept: 'text/csv',
    fallbackName: 'auditoria.csv',
  });
}

export function useExportAuditoriaCsv() {
  return useMutation({ mutationFn: exportAuditoriaCsv });
}

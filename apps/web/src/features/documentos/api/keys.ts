import type { ConsultaDocumentos } from '../busqueda-params';

/** The one place query keys of documentos are built; mutations invalidate through it. */
export const documentosKeys = {
  all: ['documentos'] as const,
  lists: () => [...documentosKeys.all, 'list'] as const,
  list: (id_expediente: number) => [...documentosKeys.lists(), id_expediente] as const,
  vista: (id_documento: number) => [...documentosKeys.all, 'vista', id_documento] as const,
  miniatura: (id_documento: number) => [...documentosKeys.all, 'miniatura', id_documento] as const,
  busqueda: (consulta: ConsultaDocumentos, page: number) =>
    [...documentosKeys.all, 'busqueda', consulta, page] as const,
  tiposDocumentales: () => [...documentosKeys.all, 'tipos-documentales'] as const,
  /** Expedientes that can receive documents, as the upload view's selector sees them. */
  destinos: () => [...documentosKeys.all, 'destinos'] as const,
  busquedaDestinos: (q: string) => [...documentosKeys.destinos(), 'busqueda', q] as const,
  destino: (id_expediente: number) => [...documentosKeys.destinos(), 'detalle', id_expediente] as const,
};

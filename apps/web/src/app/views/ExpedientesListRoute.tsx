import { CoincidenciasEnDocumentos } from '../../features/documentos/components/CoincidenciasEnDocumentos';
import { ExpedientesListView } from '../../features/expedientes/views/ExpedientesListView';

const enContenido = (q: string) => <CoincidenciasEnDocumentos q={q} />;

/** The list of expedientes, saying when documents hold its search words too, with a link to search them. */
export function ExpedientesListRoute() {
  return <ExpedientesListView busquedaEnContenido={enContenido} />;
}

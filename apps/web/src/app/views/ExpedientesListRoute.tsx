import { ResultadosEnContenido } from '../../features/documentos/components/ResultadosEnContenido';
import { ExpedientesListView } from '../../features/expedientes/views/ExpedientesListView';

// `key`: a new search starts at its first page.
const enContenido = (q: string) => <ResultadosEnContenido key={q} q={q} />;

/** The list of expedientes, with the documents whose content matches its search box (issue 13). */
export function ExpedientesListRoute() {
  return <ExpedientesListView busquedaEnContenido={enContenido} />;
}

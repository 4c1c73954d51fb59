import { PageHeader } from '../../components/PageHeader';
import { IndiceTextoAdmin } from '../../features/busqueda/components/IndiceTextoAdmin';

/** `/administracion/indice`: the text index of the documents, in the administration area. */
export function IndiceBusquedaRoute() {
  return (
    <>
      <PageHeader
        title="Índice de búsqueda"
        subtitle="El texto de cada documento, leído en segundo plano: estado por documento, errores y reindexado."
      />
      <IndiceTextoAdmin />
    </>
  );
}

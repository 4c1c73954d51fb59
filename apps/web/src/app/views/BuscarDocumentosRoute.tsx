import { BuscarDocumentosView } from '../../features/documentos/views/BuscarDocumentosView';
import { useUnidades } from '../../features/expedientes/api/get-unidades';
import { unidadOptions } from '../../features/expedientes/catalogue-options';

/** «Buscar en documentos», with the unidades the expedientes feature keeps for its filters. */
export function BuscarDocumentosRoute() {
  const unidades = useUnidades();
  return <BuscarDocumentosView unidades={{ options: unidadOptions(unidades.data), loading: unidades.isPending }} />;
}

import { useParams } from 'react-router';
import { DocumentosTab } from '../../features/documentos/components/DocumentosTab';
import { ExpedienteDetailView, type DocumentosTabRender } from '../../features/expedientes/views/ExpedienteDetailView';

const documentosTab: DocumentosTabRender = (expediente) => (
  <DocumentosTab id_expediente={expediente.id_expediente} numero={expediente.numero} estado={expediente.estado} />
);

/** The seed passes `id_expediente` to the view as an input, so the view stays router-free. */
export function ExpedienteVerRoute() {
  const { id_expediente = '' } = useParams();
  return <ExpedienteDetailView id_expediente={id_expediente} documentosTab={documentosTab} />;
}

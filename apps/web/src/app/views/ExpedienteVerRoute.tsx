import { useParams } from 'react-router';
import { ExpedienteDetailView } from '../../features/expedientes/views/ExpedienteDetailView';

/** The seed passes `id_expediente` to the view as an input, so the view stays router-free. */
export function ExpedienteVerRoute() {
  const { id_expediente = '' } = useParams();
  return <ExpedienteDetailView id_expediente={id_expediente} />;
}

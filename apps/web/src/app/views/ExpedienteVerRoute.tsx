import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AccesosTab } from '../../features/accesos/components/AccesosTab';
import { DocumentosTab } from '../../features/documentos/components/DocumentosTab';
import { expedientesKeys } from '../../features/expedientes/api/keys';
import {
  ExpedienteDetailView,
  type AccesosTabRender,
  type DocumentosTabRender,
} from '../../features/expedientes/views/ExpedienteDetailView';

const documentosTab: DocumentosTabRender = (expediente) => (
  <DocumentosTab
    id_expediente={expediente.id_expediente}
    numero={expediente.numero}
    estado={expediente.estado}
    gestion={expediente.gestion}
  />
);

/** The seed passes `id_expediente` to the view as an input, so the view stays router-free. */
export function ExpedienteVerRoute() {
  const { id_expediente = '' } = useParams();
  const queryClient = useQueryClient();
  // A grant or a revocation is written to the expediente's historial, which the expedientes feature keeps.
  const accesosTab: AccesosTabRender = (expediente) => (
    <AccesosTab
      id_expediente={expediente.id_expediente}
      numero={expediente.numero}
      gestion={expediente.gestion}
      onChanged={() =>
        void queryClient.invalidateQueries({ queryKey: expedientesKeys.historial(expediente.id_expediente) })
      }
    />
  );
  return <ExpedienteDetailView id_expediente={id_expediente} documentosTab={documentosTab} accesosTab={accesosTab} />;
}

import { useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useParams } from 'react-router';
import { AccesosTab } from '../../features/accesos/components/AccesosTab';
import { DocumentosTab } from '../../features/documentos/components/DocumentosTab';
import { expedientesKeys } from '../../features/expedientes/api/keys';
import { IndicesFirmados } from '../../features/verificacion/components/IndicesFirmados';
import { RetencionCard } from '../../features/retencion/components/RetencionCard';
import {
  ExpedienteDetailView,
  type AccesosTabRender,
  type DocumentosTabRender,
} from '../../features/expedientes/views/ExpedienteDetailView';

/** The seed passes `id_expediente` to the view as an input, so the view stays router-free. */
export function ExpedienteVerRoute() {
  const { id_expediente = '' } = useParams();
  const queryClient = useQueryClient();
  // A voided document, a grant or a revocation is written to the expediente's historial and moves
  // its «Última actualización»: both are the expedientes feature's (the detail's key holds them all).
  const expedienteCambiado = (id: number) => () =>
    void queryClient.invalidateQueries({ queryKey: expedientesKeys.detail(id) });
  const documentosTab: DocumentosTabRender = (expediente) => (
    <Flex vertical gap={12}>
      <DocumentosTab
        id_expediente={expediente.id_expediente}
        numero={expediente.numero}
        estado={expediente.estado}
        gestion={expediente.gestion}
        onChanged={expedienteCambiado(expediente.id_expediente)}
      />
      <IndicesFirmados id_expediente={expediente.id_expediente} cerrado={expediente.estado === 'cerrado'} />
    </Flex>
  );
  const accesosTab: AccesosTabRender = (expediente) => (
    <AccesosTab
      id_expediente={expediente.id_expediente}
      numero={expediente.numero}
      gestion={expediente.gestion}
      onChanged={expedienteCambiado(expediente.id_expediente)}
    />
  );
  const retencionCard = (expediente: { id_expediente: number }) => (
    <RetencionCard id_expediente={expediente.id_expediente} onChanged={expedienteCambiado(expediente.id_expediente)} />
  );
  return (
    <ExpedienteDetailView
      id_expediente={id_expediente}
      documentosTab={documentosTab}
      accesosTab={accesosTab}
      retencionCard={retencionCard}
    />
  );
}

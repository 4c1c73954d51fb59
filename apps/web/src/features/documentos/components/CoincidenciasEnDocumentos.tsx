import { FileSearchOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useBusquedaDocumentos } from '../api/buscar-documentos';
import { enlaceBuscarDocumentos } from '../busqueda-params';
import { useDocumentosAccess } from '../hooks/use-documentos-access';
import { resumenBusqueda } from './ResultadosBusqueda';

/**
 * One line under the expedientes list's search box when documents hold the words too, leading to
 * «Buscar en documentos» with them; nothing at all when none does, so the expedientes stay in view.
 */
export function CoincidenciasEnDocumentos({ q }: { q: string }) {
  const busqueda = useBusquedaDocumentos({ q }, 1);
  const access = useDocumentosAccess();
  const datos = busqueda.data;
  if (!datos || datos.total === 0 || busqueda.isPlaceholderData) return null;
  return (
    <Flex gap={8} align="center" wrap style={{ marginTop: 12 }} data-testid="coincidencias-documentos" role="status">
      <FileSearchOutlined aria-hidden="true" />
      <Typography.Text>{resumenBusqueda(datos, q, access.descargar)}.</Typography.Text>
      <Link to={enlaceBuscarDocumentos(q)}>Ver los documentos</Link>
    </Flex>
  );
}

import { Alert, Button, Card, Flex } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { useIntegridad } from '../api/get-integridad';
import { HallazgosIntegridad } from '../components/HallazgosIntegridad';
import { RondaIntegridadCard } from '../components/RondaIntegridadCard';
import '../integridad.css';

/**
 * `/administracion/integridad` (permission `administracion.integridad`): the rolling re-hash of
 * every stored document (its current round) and every file found missing or altered.
 */
export function IntegridadView() {
  const integridad = useIntegridad();
  return (
    <>
      <PageHeader
        title="Integridad de los documentos"
        subtitle="La aplicación vuelve a leer cada archivo guardado y comprueba que su SHA-256 sigue siendo el del índice. Un archivo ausente o alterado aparece aquí y se avisa a los administradores."
      />
      {integridad.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se pudo cargar la integridad de los documentos."
          action={<Button onClick={() => void integridad.refetch()}>Reintentar</Button>}
        />
      ) : (
        <Flex vertical gap={16}>
          <RondaIntegridadCard estado={integridad.data} loading={integridad.isPending} />
          <Card title="Ausentes o alterados" loading={integridad.isPending} styles={{ body: { padding: 0 } }}>
            <HallazgosIntegridad hallazgos={integridad.data?.hallazgos ?? []} />
          </Card>
        </Flex>
      )}
    </>
  );
}

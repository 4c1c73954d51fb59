import { Alert, Button, Card, Col, Flex, Row } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { useTrabajos } from '../api/get-trabajos';
import { ColaTrabajosCard } from '../components/ColaTrabajosCard';
import { TrabajosFallidos } from '../components/TrabajosFallidos';

/**
 * `/administracion/trabajos` (permission `administracion.trabajos`): every queue of background
 * jobs with its jobs by state and its pause, and the last failed jobs with their reason.
 */
export function TrabajosView() {
  const trabajos = useTrabajos();
  return (
    <>
      <PageHeader
        title="Colas de trabajos"
        subtitle="Lo que la aplicación hace en segundo plano (leer el texto de los documentos, reindexar, verificar): cuántos trabajos esperan, cuántos están en curso y cuáles fallaron. Una cola en pausa no empieza trabajos nuevos."
      />
      {trabajos.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar las colas de trabajos."
          action={<Button onClick={() => void trabajos.refetch()}>Reintentar</Button>}
        />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            {(trabajos.data?.colas ?? []).map((cola) => (
              <Col key={cola.nombre} xs={24} lg={12} xxl={8}>
                <ColaTrabajosCard cola={cola} />
              </Col>
            ))}
          </Row>
          <Card title="Últimos trabajos fallidos" loading={trabajos.isPending} styles={{ body: { padding: 0 } }}>
            <TrabajosFallidos fallidos={trabajos.data?.fallidos ?? []} />
          </Card>
        </Flex>
      )}
    </>
  );
}

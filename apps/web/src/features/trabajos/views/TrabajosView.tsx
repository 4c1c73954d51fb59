import { Alert, Button, Card, Col, Empty, Flex, Row, Table, type TableColumnsType } from 'antd';
import type { TrabajoFallido } from '@ecodigital/contracts/trabajos';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useTrabajos } from '../api/get-trabajos';
import { useReintentarTrabajo } from '../api/reintentar-trabajo';
import { ColaTrabajosCard } from '../components/ColaTrabajosCard';

/**
 * `/administracion/trabajos` (permission `administracion.trabajos`): every queue of background
 * jobs with its jobs by state and its pause, and the last failed jobs with their reason.
 */
export function TrabajosView() {
  const trabajos = useTrabajos();
  const reintentar = useReintentarTrabajo();
  const fallidos = trabajos.data?.fallidos ?? [];

  const columns: TableColumnsType<TrabajoFallido> = [
    { title: 'Cola', dataIndex: 'titulo', key: 'titulo', width: 190 },
    {
      title: 'Trabajo',
      key: 'descripcion',
      width: 170,
      render: (_, trabajo) => trabajo.descripcion ?? `Trabajo nº ${trabajo.id}`,
    },
    { title: 'Motivo', dataIndex: 'motivo', key: 'motivo' },
    { title: 'Intentos', key: 'intentos', width: 90, align: 'right', render: (_, t) => formatNumber(t.intentos) },
    { title: 'Fecha', key: 'actualizado', width: 150, render: (_, t) => formatDateTime(t.actualizado) },
    {
      title: 'Acción',
      key: 'accion',
      width: 120,
      render: (_, trabajo) => (
        <Button
          size="small"
          loading={reintentar.isPending && reintentar.variables === trabajo.id}
          aria-label={`Reintentar ${trabajo.descripcion ?? `el trabajo nº ${trabajo.id}`}`}
          onClick={() => reintentar.mutate(trabajo.id)}
        >
          Reintentar
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Trabajos en segundo plano"
        subtitle="Lo que la aplicación hace aparte de las peticiones: cuántos trabajos esperan, cuántos están en curso y cuáles fallaron. Una cola en pausa no empieza trabajos nuevos."
      />
      {trabajos.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar las colas de trabajos."
          action={<Button onClick={() => trabajos.refetch()}>Reintentar</Button>}
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
            <Table<TrabajoFallido>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={fallidos}
              pagination={false}
              // An empty table does not scroll: a scrolling box with nothing to focus cannot be scrolled by keyboard.
              scroll={fallidos.length ? { x: 900 } : undefined}
              onRow={() => ({ 'data-testid': 'trabajo-fallido' }) as React.HTMLAttributes<HTMLElement>}
              locale={{ emptyText: <Empty description="Ningún trabajo ha fallado." /> }}
            />
          </Card>
        </Flex>
      )}
    </>
  );
}

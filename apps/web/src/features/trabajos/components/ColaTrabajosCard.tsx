import { Button, Card, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ColaTrabajos } from '@ecodigital/contracts/trabajos';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePausarCola } from '../api/pausar-cola';

/** One queue: its jobs by state, whether it is paused (by whom, since when) and the button that changes it. */
export function ColaTrabajosCard({ cola }: { cola: ColaTrabajos }) {
  const pausar = usePausarCola();
  const cambiando = pausar.isPending;
  return (
    <Card
      title={cola.titulo}
      extra={cola.pausada ? <Tag color="warning">En pausa</Tag> : <Tag color="success">Activa</Tag>}
      data-testid="cola-trabajos"
      data-cola={cola.nombre}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={2}
          colon={false}
          items={[
            { key: 'pendientes', label: 'Pendientes', children: formatNumber(cola.pendientes) },
            { key: 'en_curso', label: 'En curso', children: formatNumber(cola.en_curso) },
            { key: 'programados', label: 'Programados', children: formatNumber(cola.programados) },
            { key: 'fallidos', label: 'Con error', children: formatNumber(cola.fallidos) },
          ]}
        />
        {cola.pausada && (
          <Typography.Text type="secondary">
            En pausa desde el {formatDateTime(cola.pausada_en)}
            {cola.pausada_por ? ` por ${cola.pausada_por}` : ''}: sus trabajos esperan.
          </Typography.Text>
        )}
        <div>
          {cola.pausada ? (
            <Button
              type="primary"
              loading={cambiando}
              aria-label={`Reanudar la cola ${cola.titulo}`}
              onClick={() => pausar.mutate({ cola: cola.nombre, pausar: false })}
            >
              Reanudar
            </Button>
          ) : (
            <Popconfirm
              title={`¿Pausar la cola «${cola.titulo}»?`}
              description="Sus trabajos pendientes esperarán hasta que la reanude; los que están en curso terminan."
              okText="Pausar"
              cancelText="Cancelar"
              onConfirm={() => pausar.mutate({ cola: cola.nombre, pausar: true })}
            >
              <Button loading={cambiando} aria-label={`Pausar la cola ${cola.titulo}`}>
                Pausar
              </Button>
            </Popconfirm>
          )}
        </div>
      </Flex>
    </Card>
  );
}

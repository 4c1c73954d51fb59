import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ColaTrabajos } from '@ecodigital/contracts/trabajos';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePausarCola } from '../api/pausar-cola';
import '../trabajos.css';

/** Dark text on a light tint: antd's preset tag colours fail WCAG AA contrast. */
const ESTILO_ESTADO = {
  activa: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  pausa: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
} as const;

/** One queue: its jobs by state, whether it is paused (by whom, since when) and the button that changes it. */
export function ColaTrabajosCard({ cola }: { cola: ColaTrabajos }) {
  const pausar = usePausarCola();
  const cifras = [
    ['Pendientes', cola.pendientes],
    ['En curso', cola.en_curso],
    ['Programados', cola.programados],
    ['Con error', cola.fallidos],
  ] as const;
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span style={{ whiteSpace: 'normal' }}>{cola.titulo}</span>
          <Tag style={{ ...ESTILO_ESTADO[cola.pausada ? 'pausa' : 'activa'], marginInlineEnd: 0 }}>
            {cola.pausada ? 'En pausa' : 'Activa'}
          </Tag>
        </Flex>
      }
      data-testid="cola-trabajos"
      data-cola={cola.nombre}
      style={{ height: '100%' }}
      // A title that wraps on a narrow screen keeps the room around it.
      styles={{ header: { paddingBlock: 12 } }}
    >
      <Flex vertical gap={12}>
        <dl className="cola-cifras">
          {cifras.map(([etiqueta, valor]) => (
            <div key={etiqueta}>
              <dt>{etiqueta}</dt>
              <dd>{formatNumber(valor)}</dd>
            </div>
          ))}
        </dl>
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
              loading={pausar.isPending}
              aria-label={`Reanudar la cola ${cola.titulo}`}
              onClick={() => pausar.mutate({ cola: cola.nombre, pausar: false })}
            >
              Reanudar
            </Button>
          ) : (
            <Popconfirm
              // Opened from the card's left edge and growing rightwards: centred on the button it
              // covered the side menu, hiding the focus of its links from whoever tabs past it.
              // On a phone it fits between the button's left edge and the screen's right one.
              placement="topLeft"
              styles={{ root: { maxWidth: 'min(420px, calc(100vw - 64px))' } }}
              title={`¿Pausar la cola «${cola.titulo}»?`}
              description="Sus trabajos pendientes esperarán hasta que la reanude; los que están en curso terminan."
              okText="Pausar"
              cancelText="Cancelar"
              onConfirm={() => pausar.mutate({ cola: cola.nombre, pausar: true })}
            >
              <Button loading={pausar.isPending} aria-label={`Pausar la cola ${cola.titulo}`}>
                Pausar
              </Button>
            </Popconfirm>
          )}
        </div>
      </Flex>
    </Card>
  );
}

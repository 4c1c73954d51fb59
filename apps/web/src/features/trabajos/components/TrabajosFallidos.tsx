import { Button, Empty, Grid, Table, Typography, type TableColumnsType } from 'antd';
import type { TrabajoFallido } from '@ecodigital/contracts/trabajos';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useReintentarTrabajo } from '../api/reintentar-trabajo';
import '../trabajos.css';

const nombreDe = (trabajo: TrabajoFallido) => trabajo.descripcion ?? `Trabajo nº ${trabajo.id}`;
const intentos = (n: number) => `${formatNumber(n)} ${n === 1 ? 'intento' : 'intentos'}`;

/**
 * The last failed jobs with their reason and a retry: a table on a wide screen, one block per job
 * on a narrow one (the reason is what matters, and a table would push it out of sight).
 */
export function TrabajosFallidos({ fallidos }: { fallidos: TrabajoFallido[] }) {
  const reintentar = useReintentarTrabajo();
  const ancha = Grid.useBreakpoint().md !== false;
  const boton = (trabajo: TrabajoFallido) => (
    <Button
      size="small"
      loading={reintentar.isPending && reintentar.variables === trabajo.id}
      aria-label={`Reintentar ${nombreDe(trabajo)}`}
      onClick={() => reintentar.mutate(trabajo.id)}
    >
      Reintentar
    </Button>
  );

  if (fallidos.length === 0) return <Empty description="Ningún trabajo ha fallado." style={{ padding: 16 }} />;
  if (!ancha) {
    return (
      <div>
        {fallidos.map((trabajo) => (
          <div key={trabajo.id} className="trabajo-fallido-bloque" data-testid="trabajo-fallido">
            <Typography.Text strong>
              {trabajo.titulo}: {nombreDe(trabajo)}
            </Typography.Text>
            <Typography.Text>{trabajo.motivo}</Typography.Text>
            <Typography.Text type="secondary">
              {intentos(trabajo.intentos)} · {formatDateTime(trabajo.actualizado)}
            </Typography.Text>
            <div>{boton(trabajo)}</div>
          </div>
        ))}
      </div>
    );
  }

  const columns: TableColumnsType<TrabajoFallido> = [
    { title: 'Cola', dataIndex: 'titulo', key: 'titulo', width: 190 },
    { title: 'Trabajo', key: 'descripcion', width: 170, render: (_, trabajo) => nombreDe(trabajo) },
    { title: 'Motivo', dataIndex: 'motivo', key: 'motivo' },
    { title: 'Intentos', key: 'intentos', width: 90, align: 'right', render: (_, t) => formatNumber(t.intentos) },
    { title: 'Fecha', key: 'actualizado', width: 150, render: (_, t) => formatDateTime(t.actualizado) },
    { title: 'Acción', key: 'accion', width: 120, render: (_, trabajo) => boton(trabajo) },
  ];
  return (
    <Table<TrabajoFallido>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={fallidos}
      pagination={false}
      onRow={() => ({ 'data-testid': 'trabajo-fallido' }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

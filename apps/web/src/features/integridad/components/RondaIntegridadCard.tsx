import { Card, Descriptions, Grid, Progress, Typography } from 'antd';
import type { EstadoIntegridad } from '@ecodigital/contracts/integridad';
import { formatDateTime, formatNumber } from '../../../lib/format';

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${formatNumber(bytes / MiB, { decimals: 1 })} MiB`;

/** The round in progress (or the last one): how far it got, and when the next begins. */
export function RondaIntegridadCard({ estado, loading }: { estado: EstadoIntegridad | undefined; loading: boolean }) {
  const ronda = estado?.ronda;
  const estrecha = Grid.useBreakpoint().md === false;
  const porcentaje =
    ronda && ronda.documentos_total > 0
      ? Math.min(100, Math.floor((ronda.documentos_revisados / ronda.documentos_total) * 100))
      : 100;
  return (
    <Card title="Ronda de revisión" loading={loading} data-testid="integridad-ronda">
      {estado && !ronda && (
        <Typography.Paragraph>
          Aún no ha empezado ninguna ronda: la primera empieza en unos minutos.
        </Typography.Paragraph>
      )}
      {estado && ronda && (
        <>
          <Progress
            percent={porcentaje}
            status={ronda.terminada ? 'success' : 'active'}
            aria-label={`Avance de la ronda nº ${ronda.id}`}
          />
          <Descriptions
            bordered
            layout={estrecha ? 'vertical' : 'horizontal'}
            column={{ xs: 1, md: 2 }}
            size="small"
            items={[
              { key: 'estado', label: 'Estado', children: ronda.terminada ? 'Terminada' : 'En curso' },
              { key: 'iniciada', label: 'Empezó', children: formatDateTime(ronda.iniciada) },
              ...(ronda.terminada
                ? [{ key: 'terminada', label: 'Terminó', children: formatDateTime(ronda.terminada) }]
                : []),
              {
                key: 'documentos',
                label: 'Documentos revisados',
                children: `${formatNumber(ronda.documentos_revisados)} de ${formatNumber(ronda.documentos_total)}`,
              },
              {
                key: 'bytes',
                label: 'Leído',
                children: `${mib(ronda.bytes_revisados)} de ${mib(ronda.bytes_total)}`,
              },
              { key: 'hallazgos', label: 'Hallazgos en esta ronda', children: formatNumber(ronda.hallazgos) },
              ...(estado.proxima_ronda
                ? [{ key: 'proxima', label: 'Próxima ronda', children: formatDateTime(estado.proxima_ronda) }]
                : []),
            ]}
          />
        </>
      )}
      {estado && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          Cada {formatNumber(estado.periodo_dias)} días se vuelve a calcular el SHA-256 de todos los documentos, a{' '}
          {formatNumber(estado.mib_por_segundo)} MiB/s como mucho. Las descargas y vistas previas también lo comprueban
          mientras se envían.
        </Typography.Paragraph>
      )}
    </Card>
  );
}

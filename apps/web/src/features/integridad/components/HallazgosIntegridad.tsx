import { Empty, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { HallazgoIntegridad } from '@ecodigital/contracts/integridad';
import { formatDateTime } from '../../../lib/format';

const TIPO: Record<HallazgoIntegridad['tipo'], string> = {
  archivo_alterado: 'Archivo alterado',
  archivo_ausente: 'Archivo ausente',
};
const ORIGEN: Record<HallazgoIntegridad['origen'], string> = {
  revision: 'Revisión periódica',
  descarga: 'Descarga',
  vista: 'Vista previa',
};

const documento = (h: HallazgoIntegridad) => `nº ${h.documento.orden} «${h.documento.nombre}»`;
const expediente = (h: HallazgoIntegridad) => (
  <Link to={`/expedientes/ver/${h.expediente.id_expediente}`}>{h.expediente.numero}</Link>
);
const como = (h: HallazgoIntegridad) => (h.usuario ? `${ORIGEN[h.origen]} de ${h.usuario}` : ORIGEN[h.origen]);

/** Every stored file found missing or altered, newest first: a table wide, blocks narrow. */
export function HallazgosIntegridad({ hallazgos }: { hallazgos: HallazgoIntegridad[] }) {
  const ancha = Grid.useBreakpoint().md !== false;
  if (hallazgos.length === 0) {
    return <Empty description="Ningún archivo se ha hallado ausente ni alterado." style={{ padding: 16 }} />;
  }
  if (!ancha) {
    return (
      <ul className="integridad-hallazgos">
        {hallazgos.map((h) => (
          <li key={h.id} data-testid="hallazgo-integridad">
            <Tag color="red">{TIPO[h.tipo]}</Tag>
            <Typography.Text strong>{documento(h)}</Typography.Text>
            <div>Expediente {expediente(h)}</div>
            <Typography.Text type="secondary">
              {como(h)} · {formatDateTime(h.detectado_en)}
            </Typography.Text>
          </li>
        ))}
      </ul>
    );
  }
  const columns: TableColumnsType<HallazgoIntegridad> = [
    { title: 'Fecha', key: 'fecha', width: 150, render: (_, h) => formatDateTime(h.detectado_en) },
    { title: 'Hallazgo', key: 'tipo', width: 150, render: (_, h) => <Tag color="red">{TIPO[h.tipo]}</Tag> },
    { title: 'Expediente', key: 'expediente', width: 150, render: (_, h) => expediente(h) },
    { title: 'Documento', key: 'documento', render: (_, h) => documento(h) },
    { title: 'Detectado por', key: 'origen', render: (_, h) => como(h) },
  ];
  return (
    <Table<HallazgoIntegridad>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={hallazgos}
      pagination={false}
      onRow={() => ({ 'data-testid': 'hallazgo-integridad' }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

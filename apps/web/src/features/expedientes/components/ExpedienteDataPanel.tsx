import { Descriptions, Typography, type DescriptionsProps } from 'antd';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { formatDate, formatDateTime } from '../../../lib/format';
import { EstadoTag } from '../../../components/EstadoTag';
import './expedientes.css';

const sinDato = <Typography.Text type="secondary">—</Typography.Text>;

/** People type these texts: rendered as text (inert), line breaks kept. */
function TextoLibre({ value }: { value: string | null }) {
  return value ? <p className="expediente-texto">{value}</p> : sinDato;
}

export function ExpedienteDataPanel({ expediente }: { expediente: Expediente }) {
  const items: DescriptionsProps['items'] = [
    { key: 'numero', label: 'Número', children: expediente.numero },
    { key: 'estado', label: 'Estado', children: <EstadoTag estado={expediente.estado} /> },
    { key: 'tipo', label: 'Tipo', children: expediente.tipo.nombre },
    { key: 'unidad', label: 'Unidad', children: expediente.unidad.nombre },
    { key: 'interesado', label: 'Interesado', children: <TextoLibre value={expediente.interesado_nombre} /> },
    { key: 'documento', label: 'Documento', children: expediente.interesado_documento ?? sinDato },
    { key: 'responsable', label: 'Responsable', children: expediente.responsable?.nombre_completo ?? sinDato },
    { key: 'creado_por', label: 'Creado por', children: expediente.creado_por.nombre_completo },
    { key: 'fecha_apertura', label: 'Fecha de apertura', children: formatDate(expediente.fecha_apertura) },
    {
      key: 'fecha_cierre',
      label: 'Fecha de cierre',
      children: expediente.fecha_cierre ? formatDate(expediente.fecha_cierre) : sinDato,
    },
    { key: 'actualizado_en', label: 'Última actualización', children: formatDateTime(expediente.actualizado_en) },
    {
      key: 'descripcion',
      label: 'Descripción',
      span: 'filled',
      children: <TextoLibre value={expediente.descripcion} />,
    },
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} data-testid="expediente-datos" />;
}

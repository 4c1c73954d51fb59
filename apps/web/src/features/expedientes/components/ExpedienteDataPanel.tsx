import { Descriptions, Grid, Typography, type DescriptionsProps } from 'antd';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { Fecha } from '../../../components/Fecha';
import { EstadoTag } from '../../../components/EstadoTag';
import './expedientes.css';

const sinDato = <Typography.Text type="secondary">—</Typography.Text>;

/** People type these texts: rendered as text (inert), line breaks kept. */
function TextoLibre({ value }: { value: string | null }) {
  return value ? <p className="expediente-texto">{value}</p> : sinDato;
}

export function ExpedienteDataPanel({ expediente }: { expediente: Expediente }) {
  // On a phone a label beside its value leaves each a third of the width: the label goes above.
  const narrow = Grid.useBreakpoint().sm === false;
  const items: DescriptionsProps['items'] = [
    { key: 'numero', label: 'Número', children: expediente.numero },
    { key: 'estado', label: 'Estado', children: <EstadoTag estado={expediente.estado} /> },
    { key: 'tipo', label: 'Tipo', children: expediente.tipo.nombre },
    { key: 'unidad', label: 'Unidad', children: expediente.unidad.nombre },
    { key: 'interesado', label: 'Interesado', children: <TextoLibre value={expediente.interesado_nombre} /> },
    { key: 'documento', label: 'Documento', children: expediente.interesado_documento ?? sinDato },
    { key: 'responsable', label: 'Responsable', children: expediente.responsable?.nombre_completo ?? sinDato },
    { key: 'creado_por', label: 'Creado por', children: expediente.creado_por.nombre_completo },
    { key: 'fecha_apertura', label: 'Fecha de apertura', children: <Fecha value={expediente.fecha_apertura} /> },
    {
      key: 'fecha_cierre',
      label: 'Fecha de cierre',
      children: expediente.fecha_cierre ? <Fecha value={expediente.fecha_cierre} /> : sinDato,
    },
    {
      key: 'actualizado_en',
      label: 'Última actualización',
      children: <Fecha value={expediente.actualizado_en} conHora />,
    },
    {
      key: 'descripcion',
      label: 'Descripción',
      span: 'filled',
      children: <TextoLibre value={expediente.descripcion} />,
    },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      layout={narrow ? 'vertical' : 'horizontal'}
      column={{ xs: 1, md: 2 }}
      items={items}
      data-testid="expediente-datos"
    />
  );
}

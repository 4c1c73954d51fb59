import { Empty, Flex, Skeleton, Switch, Timeline, Typography } from 'antd';
import { useState } from 'react';
import type { CambioCampo, EventoHistorial, HistorialEvento } from '@ecodigital/contracts/expedientes';
import { Fecha } from '../../../components/Fecha';
import { useHistorial } from '../api/get-historial';

const CAMPO_ETIQUETAS: Record<string, string> = {
  asunto: 'Asunto',
  descripcion: 'Descripción',
  tipo: 'Tipo',
  id_tipo: 'Tipo',
  unidad: 'Unidad',
  id_unidad: 'Unidad',
  interesado_nombre: 'Interesado',
  interesado_documento: 'Documento',
  responsable: 'Responsable',
  id_responsable: 'Responsable',
  estado: 'Estado',
};

const EVENTO_COLORES: Partial<Record<EventoHistorial, string>> = {
  creacion: 'green',
  edicion: 'blue',
  cambio_estado: 'orange',
  consulta: 'gray',
  transferencia: 'purple',
  acceso_concedido: 'cyan',
  acceso_revocado: 'red',
};

const DESCRITOS_ENTEROS: readonly EventoHistorial[] = ['cambio_estado', 'transferencia'];

function Valor({ value }: { value: string | null }) {
  return value === null || value === '' ? (
    <Typography.Text type="secondary">(vacío)</Typography.Text>
  ) : (
    <Typography.Text code>{value}</Typography.Text>
  );
}

function Cambio({ cambio }: { cambio: CambioCampo }) {
  return (
    <li data-testid="historial-cambio">
      <Typography.Text strong>{CAMPO_ETIQUETAS[cambio.campo] ?? cambio.campo}:</Typography.Text>{' '}
      <Valor value={cambio.anterior} />
      {' → '}
      <Valor value={cambio.nuevo} />
    </li>
  );
}

function EventoContenido({ evento }: { evento: HistorialEvento }) {
  return (
    <Flex vertical gap={4} data-testid="historial-evento" data-evento={evento.evento}>
      <Typography.Text strong>{evento.descripcion}</Typography.Text>
      {/* A state change's or a transfer's description already names both ends. */}
      {evento.cambios.length > 0 && !DESCRITOS_ENTEROS.includes(evento.evento) && (
        <ul className="historial-cambios">
          {evento.cambios.map((cambio) => (
            <Cambio key={cambio.campo} cambio={cambio} />
          ))}
        </ul>
      )}
      {evento.motivo && (
        <Typography.Text className="expediente-texto">
          <Typography.Text type="secondary">Motivo: </Typography.Text>
          {evento.motivo}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {evento.usuario.nombre_completo} · <Fecha value={evento.fecha} conHora />
      </Typography.Text>
    </Flex>
  );
}

/** What happened to the expediente, newest first, with who and when. */
export function HistorialTimeline({ id_expediente }: { id_expediente: number }) {
  const historial = useHistorial(id_expediente);
  // Every opening of the detail is recorded; shown on demand so the changes stay readable.
  const [conConsultas, setConConsultas] = useState(false);
  if (historial.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (historial.isError) return <Empty description="No se pudo cargar el historial." />;

  const consultas = historial.data.filter((evento) => evento.evento === 'consulta').length;
  const eventos = conConsultas ? historial.data : historial.data.filter((evento) => evento.evento !== 'consulta');
  return (
    <Flex vertical gap={16}>
      {consultas > 0 && (
        <Flex gap={8} align="center">
          <Switch size="small" checked={conConsultas} onChange={setConConsultas} aria-label="Mostrar consultas" />
          <Typography.Text type="secondary">Mostrar consultas ({consultas})</Typography.Text>
        </Flex>
      )}
      {eventos.length === 0 ? (
        <Empty description="Sin eventos registrados." />
      ) : (
        <Timeline
          items={eventos.map((evento) => ({
            key: evento.id,
            color: EVENTO_COLORES[evento.evento] ?? 'blue',
            content: <EventoContenido evento={evento} />,
          }))}
        />
      )}
    </Flex>
  );
}

import { Button, Empty, Flex, Skeleton, Switch, Timeline, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import type { CambioCampo, EventoHistorial, HistorialEntrada } from '@ecodigital/contracts/expedientes';
import { Fecha } from '../../../components/Fecha';
import { formatTime } from '../../../lib/format';
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
  plazo_suspendido: 'gold',
  plazo_reanudado: 'gold',
  plazo_inicio: 'gold',
  plazo_proximo: 'volcano',
  plazo_vence_hoy: 'volcano',
  retencion_legal_puesta: 'purple',
  retencion_legal_levantada: 'purple',
  eliminacion_documentos: 'red',
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

/** When: the moment of a change; for the reads of a day, the day and from the first to the last. */
function Cuando({ entrada }: { entrada: HistorialEntrada }) {
  const { lectura } = entrada;
  if (!lectura || formatTime(lectura.primera) === formatTime(lectura.ultima)) {
    return <Fecha value={entrada.fecha} conHora />;
  }
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Fecha value={lectura.primera} />, de <time dateTime={lectura.primera}>{formatTime(lectura.primera)}</time> a{' '}
      <time dateTime={lectura.ultima}>{formatTime(lectura.ultima)}</time>
    </span>
  );
}

function EventoContenido({ evento }: { evento: HistorialEntrada }) {
  return (
    <Flex vertical gap={4} data-testid="historial-evento" data-evento={evento.evento} tabIndex={-1}>
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
        {evento.usuario.nombre_completo} · <Cuando entrada={evento} />
      </Typography.Text>
    </Flex>
  );
}

const claveDe = (entrada: HistorialEntrada) => `${entrada.lectura ? 'lectura' : 'evento'}-${entrada.id}`;

/**
 * What happened to the expediente, newest first, with who and when, a page at a time. Reads
 * (consultas, descargas, previsualizaciones) are counted per person and day and shown on demand, so
 * the changes stay readable.
 */
export function HistorialTimeline({ id_expediente }: { id_expediente: number }) {
  const [conLecturas, setConLecturas] = useState(false);
  const historial = useHistorial(id_expediente, conLecturas);
  const lista = useRef<HTMLDivElement>(null);
  // Where the entries of the page asked for with «Cargar más» start, until they are on screen.
  const primeraNueva = useRef<number | null>(null);
  const etiquetaLecturas = useId();
  const paginas = historial.data?.pages;
  useEffect(() => {
    const indice = primeraNueva.current;
    if (indice === null) return;
    const nueva = lista.current?.querySelectorAll<HTMLElement>('[data-testid="historial-evento"]')[indice];
    if (!nueva) return;
    primeraNueva.current = null;
    // Keyboard and screen reader users go on reading where the new entries start.
    nueva.focus();
  }, [paginas]);
  if (historial.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (historial.isError) return <Empty description="No se pudo cargar el historial." />;

  const eventos = historial.data.pages.flatMap((pagina) => pagina.items);
  const hayLecturas = historial.data.pages[0]?.hay_lecturas ?? false;
  const cargarMas = () => {
    primeraNueva.current = eventos.length;
    void historial.fetchNextPage();
  };
  return (
    <Flex vertical gap={16}>
      {(hayLecturas || conLecturas) && (
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checked={conLecturas}
            onChange={setConLecturas}
            loading={conLecturas && historial.isPlaceholderData}
            aria-labelledby={etiquetaLecturas}
          />
          <Typography.Text type="secondary" id={etiquetaLecturas}>
            Mostrar consultas y descargas
          </Typography.Text>
        </Flex>
      )}
      {eventos.length === 0 ? (
        <Empty description="Sin eventos registrados." />
      ) : (
        <div ref={lista}>
          <Timeline
            items={eventos.map((evento) => ({
              key: claveDe(evento),
              color: EVENTO_COLORES[evento.evento] ?? 'blue',
              content: <EventoContenido evento={evento} />,
            }))}
          />
        </div>
      )}
      {historial.hasNextPage && (
        <Flex justify="center">
          <Button onClick={cargarMas} loading={historial.isFetchingNextPage}>
            Cargar más
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

import { ApartmentOutlined, ArrowLeftOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Result, Switch, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AccesoDePersona, AccesosPersonaQuery } from '@ecodigital/contracts/accesos';
import { NIVEL_ACCESO_ETIQUETAS } from '@ecodigital/contracts/accesos.rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EstadoDeAcceso } from '../../../components/EstadoAccesoTag';
import { PageHeader } from '../../../components/PageHeader';
import { ResultTitle } from '../../../components/ResultTitle';
import { paginationItemRender } from '../../../components/pagination-item-render';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useAccesosPersona } from '../api/get-accesos-persona';
import { useRevocarAcceso } from '../api/revocar-acceso';
import { positiveInt } from '../search-params';
import './administracion.css';

type Tipo = AccesosPersonaQuery['tipo'];

function queryOf(params: URLSearchParams): AccesosPersonaQuery {
  const page = positiveInt(params.get('page'));
  return {
    tipo: params.get('tipo') === 'concedidos' ? 'concedidos' : 'recibidos',
    ...(params.get('vigentes') === 'no' ? { vigentes: false } : {}),
    ...(page && page > 1 ? { page } : {}),
  };
}

const nombreDestinatario = (acceso: AccesoDePersona) =>
  acceso.destinatario.tipo === 'usuario'
    ? acceso.destinatario.usuario.nombre_completo
    : `la unidad «${acceso.destinatario.unidad.nombre}»`;

function Destinatario({ acceso }: { acceso: AccesoDePersona }) {
  return acceso.destinatario.tipo === 'usuario' ? (
    <span>
      <UserOutlined aria-hidden="true" /> {acceso.destinatario.usuario.nombre_completo}
    </span>
  ) : (
    <span>
      <ApartmentOutlined aria-hidden="true" /> Unidad «{acceso.destinatario.unidad.nombre}»
    </span>
  );
}

const pequeno = { fontSize: 13 } as const;

/**
 * `/administracion/personas/:id_usuario/accesos`: the grants a person received (to them or to a
 * unidad of theirs) and those they made, on every expediente, and revoking any live one (with the
 * grants made from it).
 */
export function PersonaAccesosView() {
  const idUsuario = positiveInt(useParams().id_usuario ?? '');
  if (idUsuario === undefined) return <PersonaNoExiste />;
  return <AccesosDePersona id_usuario={idUsuario} />;
}

function PersonaNoExiste() {
  return (
    <Result
      status="404"
      title={<ResultTitle>La persona no existe.</ResultTitle>}
      extra={
        <Link to="/administracion/personas">
          <ArrowLeftOutlined aria-hidden="true" /> Volver a Personas
        </Link>
      }
    />
  );
}

function AccesosDePersona({ id_usuario }: { id_usuario: number }) {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const accesos = useAccesosPersona(id_usuario, query);
  const revocar = useRevocarAcceso(id_usuario);
  const [revocando, setRevocando] = useState<AccesoDePersona | null>(null);

  function update(patch: Partial<AccesosPersonaQuery>) {
    const next = { ...query, page: undefined, ...patch };
    const search = new URLSearchParams();
    if (next.tipo === 'concedidos') search.set('tipo', 'concedidos');
    if (next.vigentes === false) search.set('vigentes', 'no');
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  }

  if (accesos.isError && isApiError(accesos.error) && accesos.error.response?.status === 404) {
    return <PersonaNoExiste />;
  }
  const persona = accesos.data?.persona;
  const columns: TableColumnsType<AccesoDePersona> = [
    {
      title: 'Expediente',
      key: 'expediente',
      render: (_, acceso) => (
        <Flex vertical>
          <Typography.Text strong>{acceso.expediente.numero}</Typography.Text>
          <Typography.Text type="secondary" style={pequeno}>
            {acceso.expediente.asunto}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Concedido a', key: 'destinatario', width: 190, render: (_, acceso) => <Destinatario acceso={acceso} /> },
    {
      title: 'Acceso',
      key: 'acceso',
      width: 130,
      render: (_, acceso) => (
        <Flex vertical>
          <span>{NIVEL_ACCESO_ETIQUETAS[acceso.nivel]}</span>
          <Typography.Text type="secondary" style={pequeno}>
            {acceso.hasta ? `Hasta el ${formatDate(acceso.hasta)}` : 'Sin fecha límite'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Concedido',
      key: 'concedido',
      width: 170,
      render: (_, acceso) => (
        <Flex vertical>
          <span>{acceso.concedido_por.nombre_completo}</span>
          <Typography.Text type="secondary" style={pequeno}>
            {formatDateTime(acceso.concedido_en)}
          </Typography.Text>
          {acceso.derivado_de !== null && (
            <Typography.Text type="secondary" style={pequeno}>
              A partir de su propio acceso
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Motivo',
      dataIndex: 'motivo',
      key: 'motivo',
      render: (motivo: string) => <span className="admin-motivo">{motivo}</span>,
    },
    {
      title: 'Estado',
      key: 'estado',
      width: 150,
      render: (_, acceso) => <EstadoDeAcceso acceso={acceso} />,
    },
    {
      title: 'Acciones',
      key: 'acciones',
      width: 110,
      // Always in sight, also when the other columns scroll sideways.
      fixed: 'right',
      render: (_, acceso) =>
        acceso.estado === 'vigente' && (
          <Button
            danger
            size="small"
            icon={<StopOutlined />}
            aria-label={`Revocar el acceso de ${nombreDestinatario(acceso)} a ${acceso.expediente.numero}`}
            onClick={() => setRevocando(acceso)}
          >
            Revocar
          </Button>
        ),
    },
  ];

  const vacio =
    query.tipo === 'recibidos'
      ? query.vigentes === false
        ? 'No ha recibido ningún acceso.'
        : 'No tiene ningún acceso vigente.'
      : query.vigentes === false
        ? 'No ha concedido ningún acceso.'
        : 'No ha concedido ningún acceso que siga vigente.';
  const tabla = accesos.isError ? (
    <Alert
      type="error"
      showIcon
      title="No se pudieron cargar los accesos."
      action={<Button onClick={() => void accesos.refetch()}>Reintentar</Button>}
      style={{ margin: 16 }}
    />
  ) : (
    <Table<AccesoDePersona>
      rowKey="id_acceso"
      size="middle"
      columns={columns}
      dataSource={accesos.data?.items ?? []}
      loading={accesos.isFetching}
      // An empty table does not scroll: a scrolling box with nothing to focus cannot be scrolled by keyboard.
      scroll={accesos.data?.items.length ? { x: 1050 } : undefined}
      onRow={(acceso) =>
        ({ 'data-testid': 'acceso-persona-fila', 'data-estado': acceso.estado }) as React.HTMLAttributes<HTMLElement>
      }
      locale={{ emptyText: <Empty description={vacio} /> }}
      pagination={{
        current: accesos.data?.page ?? query.page ?? 1,
        pageSize: accesos.data?.pageSize ?? 50,
        total: accesos.data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        itemRender: paginationItemRender,
        showTotal: (total) => `${formatNumber(total)} ${total === 1 ? 'acceso' : 'accesos'}`,
        onChange: (page) => update({ page }),
        style: { padding: '0 16px' },
      }}
    />
  );

  return (
    <>
      <PageHeader
        title={persona ? `Accesos de ${persona.nombre_completo}` : 'Accesos de la persona'}
        subtitle="Los que recibió (a su nombre o a una de sus unidades) y los que concedió, en cualquier expediente. Revocar uno termina también los que se concedieron a partir de él."
        extra={
          <Link to="/administracion/personas">
            <ArrowLeftOutlined aria-hidden="true" /> Volver a Personas
          </Link>
        }
      />
      <Card styles={{ body: { paddingTop: 12 } }}>
        {/* Outside the tab bar: a tab list holds tabs only. */}
        <Flex align="center" gap={8} justify="flex-end">
          <Switch
            id="solo-vigentes"
            size="small"
            checked={query.vigentes !== false}
            onChange={(vigentes) => update({ vigentes: vigentes ? undefined : false })}
          />
          <label htmlFor="solo-vigentes">Solo vigentes</label>
        </Flex>
        <Tabs
          activeKey={query.tipo}
          onChange={(tipo) => update({ tipo: tipo as Tipo })}
          items={(['recibidos', 'concedidos'] as const).map((tipo) => ({
            key: tipo,
            label: tipo === 'recibidos' ? 'Recibidos' : 'Concedidos',
            children: tipo === query.tipo ? tabla : null,
          }))}
        />
      </Card>
      <ConfirmDialog
        subject={
          revocando && {
            title: `¿Revocar el acceso de ${nombreDestinatario(revocando)} a ${revocando.expediente.numero}?`,
            content: (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                Dejará de verlo salvo que tenga otra razón (su unidad u otro acceso). También terminarán los accesos que
                se concedieron a partir de este. Nada se borra: quedan registrados como revocados, en el historial del
                expediente y en la auditoría.
              </Typography.Paragraph>
            ),
          }
        }
        okText="Revocar"
        danger
        onConfirm={() => revocar.mutateAsync(revocando!.id_acceso)}
        onClose={() => setRevocando(null)}
      />
    </>
  );
}

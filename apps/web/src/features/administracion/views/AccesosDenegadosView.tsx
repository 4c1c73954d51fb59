import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Select, Table, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Denegacion, DenegacionesPersona, DenegacionesQuery } from '@ecodigital/contracts/administracion';
import { DIAS_DENEGACIONES, MOTIVO_DENEGACION_ETIQUETAS } from '@ecodigital/contracts/administracion.rules';
import { PageHeader } from '../../../components/PageHeader';
import { paginationItemRender } from '../../../components/pagination-item-render';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useDenegaciones } from '../api/get-denegaciones';
import { positiveInt } from '../search-params';
import { matchesOption } from '../../../lib/option-match';
import './administracion.css';

const PERIODOS = [
  { value: 1, label: 'Hoy' },
  { value: 7, label: 'Últimos 7 días' },
  { value: 30, label: 'Últimos 30 días' },
  { value: DIAS_DENEGACIONES.maximo, label: `Últimos ${DIAS_DENEGACIONES.maximo} días` },
];

function queryOf(params: URLSearchParams): DenegacionesQuery {
  const dias = positiveInt(params.get('dias'));
  const page = positiveInt(params.get('page'));
  return {
    ...(dias && PERIODOS.some((periodo) => periodo.value === dias) ? { dias } : {}),
    ...(page && page > 1 ? { page } : {}),
  };
}

const numero = (valor: number) =>
  valor === 0 ? <Typography.Text type="secondary">0</Typography.Text> : formatNumber(valor);

/** The rows of one person: which route, why, how often, and the first ids refused. */
function Detalle({ persona }: { persona: DenegacionesPersona }) {
  const columns: TableColumnsType<Denegacion> = [
    { title: 'Día', key: 'dia', width: 110, render: (_, fila) => formatDate(fila.dia) },
    { title: 'Ruta', dataIndex: 'ruta', key: 'ruta', render: (ruta: string) => <code>{ruta}</code> },
    { title: 'Motivo', key: 'motivo', width: 170, render: (_, fila) => MOTIVO_DENEGACION_ETIQUETAS[fila.motivo] },
    { title: 'Veces', key: 'veces', width: 80, align: 'right', render: (_, fila) => formatNumber(fila.veces) },
    {
      title: 'Identificadores',
      key: 'ids',
      render: (_, fila) => (
        <span className="admin-ids">
          {fila.ids.join(', ')}
          {fila.ids.length >= 20 ? ' …' : ''}
        </span>
      ),
    },
    { title: 'Última vez', key: 'ultima', width: 150, render: (_, fila) => formatDateTime(fila.ultima_en) },
  ];
  return (
    <Table<Denegacion>
      rowKey={(fila) => `${fila.dia}|${fila.ruta}|${fila.motivo}`}
      size="small"
      columns={columns}
      dataSource={persona.detalle}
      pagination={false}
      aria-label={`Accesos denegados a ${persona.persona.nombre_completo}`}
    />
  );
}

/**
 * `/administracion/auditoria/denegados`: who was refused an expediente or a document (hidden, not
 * there, or without gestión), how often and on which routes; repeated probing shows at the top.
 */
export function AccesosDenegadosView() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const denegaciones = useDenegaciones(query);

  function update(patch: Partial<DenegacionesQuery>) {
    const next = { ...query, page: undefined, ...patch };
    const search = new URLSearchParams();
    if (next.dias) search.set('dias', String(next.dias));
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  }

  const columns: TableColumnsType<DenegacionesPersona> = [
    {
      title: 'Persona',
      key: 'persona',
      render: (_, fila) => (
        <Flex vertical>
          <Typography.Text strong>{fila.persona.nombre_completo}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {fila.persona.username}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Negativas', key: 'veces', width: 110, align: 'right', render: (_, fila) => formatNumber(fila.veces) },
    { title: 'Ocultos', key: 'no_visible', width: 100, align: 'right', render: (_, fila) => numero(fila.no_visible) },
    {
      title: 'Inexistentes',
      key: 'no_existe',
      width: 120,
      align: 'right',
      render: (_, fila) => numero(fila.no_existe),
    },
    {
      title: 'Sin gestión',
      key: 'sin_gestion',
      width: 110,
      align: 'right',
      render: (_, fila) => numero(fila.sin_gestion),
    },
    { title: 'Días', key: 'dias', width: 70, align: 'right', render: (_, fila) => formatNumber(fila.dias) },
    { title: 'Última vez', key: 'ultima', width: 150, render: (_, fila) => formatDateTime(fila.ultima_en) },
  ];

  const datos = denegaciones.data;
  return (
    <>
      <PageHeader
        title="Accesos denegados"
        subtitle="Quién pidió expedientes o documentos que no puede ver (o que no existen) y quién intentó cambiar uno sin gestión: por persona, ruta, motivo y día."
        extra={
          <Link to="/administracion/auditoria">
            <ArrowLeftOutlined aria-hidden="true" /> Cambios de la administración
          </Link>
        }
      />
      <Flex vertical gap={16}>
        <Card styles={{ body: { padding: 16 } }}>
          <Flex gap={12} wrap align="center" role="search" aria-label="Periodo de los accesos denegados">
            <Select<number>
              aria-label="Periodo"
              options={PERIODOS}
              showSearch={{ filterOption: matchesOption }}
              value={query.dias ?? DIAS_DENEGACIONES.porDefecto}
              onChange={(dias) => update({ dias })}
              style={{ width: 200, maxWidth: '100%' }}
            />
            {datos && (
              <Typography.Text type="secondary">Desde el {formatDate(datos.desde)}, hoy incluido.</Typography.Text>
            )}
          </Flex>
        </Card>
        <Card styles={{ body: { padding: 0 } }}>
          {denegaciones.isError ? (
            <Alert
              type="error"
              showIcon
              title="No se pudieron cargar los accesos denegados."
              action={<Button onClick={() => void denegaciones.refetch()}>Reintentar</Button>}
              style={{ margin: 16 }}
            />
          ) : (
            <Table<DenegacionesPersona>
              rowKey={(fila) => fila.persona.id_usuario}
              size="middle"
              columns={columns}
              dataSource={datos?.items ?? []}
              loading={denegaciones.isFetching}
              // An empty table does not scroll: a scrolling box with nothing to focus cannot be scrolled by keyboard.
              scroll={datos?.items.length ? { x: 900 } : undefined}
              expandable={{ expandedRowRender: (fila) => <Detalle persona={fila} /> }}
              onRow={(fila) =>
                ({
                  'data-testid': 'denegacion-fila',
                  'data-username': fila.persona.username,
                }) as React.HTMLAttributes<HTMLElement>
              }
              locale={{ emptyText: <Empty description="Nadie ha sido rechazado en este periodo." /> }}
              pagination={{
                current: datos?.page ?? query.page ?? 1,
                pageSize: datos?.pageSize ?? 50,
                total: datos?.total ?? 0,
                showSizeChanger: false,
                hideOnSinglePage: true,
                itemRender: paginationItemRender,
                showTotal: (total) => `${formatNumber(total)} ${total === 1 ? 'persona' : 'personas'}`,
                onChange: (page) => update({ page }),
                style: { padding: '0 16px' },
              }}
            />
          )}
        </Card>
      </Flex>
    </>
  );
}

import { ClearOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import type { AuditoriaQuery, CampoAuditado, RegistroAuditoria } from '@ecodigital/contracts/administracion';
import {
  ENTIDAD_AUDITORIA_ETIQUETAS,
  ENTIDADES_AUDITORIA,
  type EntidadAuditoria,
} from '@ecodigital/contracts/administracion.rules';
import { FECHA_PATTERN } from '@ecodigital/contracts/comunes.rules';
import { PageHeader } from '../../../components/PageHeader';
import { selectClear } from '../../../components/clear-buttons';
import { BusquedaEnUrl } from '../components/BusquedaEnUrl';
import { paginationItemRender } from '../../../components/pagination-item-render';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useExportAuditoriaCsv } from '../api/export-auditoria-csv';
import { useAuditoria } from '../api/get-auditoria';
import { useUsuarios } from '../api/get-usuarios';
import { positiveInt } from '../search-params';
import { matchesOption } from '../../../lib/option-match';
import './administracion.css';

const ISO_DAY = 'YYYY-MM-DD';
const fecha = new RegExp(FECHA_PATTERN);
const entidadOptions = ENTIDADES_AUDITORIA.map((entidad) => ({
  value: entidad,
  label: ENTIDAD_AUDITORIA_ETIQUETAS[entidad],
}));

/** The filters and page as the URL holds them; anything the API would refuse is left out. */
function queryOf(params: URLSearchParams): AuditoriaQuery {
  const entidad = params.get('entidad');
  const usuario = positiveInt(params.get('usuario'));
  const q = params.get('q')?.trim();
  const desde = params.get('desde');
  const hasta = params.get('hasta');
  const page = positiveInt(params.get('page'));
  return {
    ...(entidad && (ENTIDADES_AUDITORIA as readonly string[]).includes(entidad)
      ? { entidad: entidad as EntidadAuditoria }
      : {}),
    ...(usuario ? { usuario } : {}),
    ...(q ? { q } : {}),
    ...(desde && fecha.test(desde) ? { desde } : {}),
    ...(hasta && fecha.test(hasta) ? { hasta } : {}),
    ...(page && page > 1 ? { page } : {}),
  };
}

function searchOf(query: AuditoriaQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && !(key === 'page' && value === 1)) search.set(key, String(value));
  }
  return search;
}

/** What a change was before and after, field by field, as the API words it (ids already names). */
function DetalleCambio({ detalle }: { detalle: CampoAuditado[] }) {
  const valor = (texto: string | null) =>
    texto === null ? <Typography.Text type="secondary">—</Typography.Text> : texto;
  return (
    <table className="auditoria-detalle" aria-label="Antes y después">
      <thead>
        <tr>
          <th scope="col">Campo</th>
          <th scope="col">Antes</th>
          <th scope="col">Después</th>
        </tr>
      </thead>
      <tbody>
        {detalle.map((campo) => (
          <tr key={campo.campo}>
            <th scope="row">{campo.campo}</th>
            <td>{valor(campo.antes)}</td>
            <td>{valor(campo.despues)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `/administracion/auditoria`: every administrative change, newest first, with what it was before and after. */
export function AuditoriaView() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const registros = useAuditoria(query);
  const usuarios = useUsuarios();
  const exportCsv = useExportAuditoriaCsv();

  function update(patch: Partial<AuditoriaQuery>) {
    setParams(searchOf({ ...query, page: undefined, ...patch }), { replace: true });
  }
  const hayFiltros = Object.keys(query).some((key) => key !== 'page');

  const columns: TableColumnsType<RegistroAuditoria> = [
    { title: 'Fecha', key: 'fecha', width: 150, render: (_, registro) => formatDateTime(registro.fecha) },
    {
      title: 'Persona',
      key: 'usuario',
      width: 200,
      render: (_, registro) =>
        registro.usuario?.nombre_completo ?? <Typography.Text type="secondary">Proveedor de identidad</Typography.Text>,
    },
    {
      title: 'Sobre',
      key: 'entidad',
      width: 150,
      render: (_, registro) => ENTIDAD_AUDITORIA_ETIQUETAS[registro.entidad] ?? registro.entidad,
    },
    { title: 'Qué cambió', dataIndex: 'descripcion', key: 'descripcion' },
  ];

  return (
    <>
      <PageHeader
        title="Auditoría"
        subtitle="Cada cambio de la administración: quién, cuándo, qué, antes y después."
        extra={
          <Space wrap size={16}>
            <Link to="/administracion/auditoria/denegados">
              <StopOutlined aria-hidden="true" /> Accesos denegados
            </Link>
            <Button
              icon={<DownloadOutlined />}
              loading={exportCsv.isPending}
              title="Descarga los cambios que cumplen los filtros (con el periodo elegido), para Excel"
              onClick={() => {
                const { page: _page, ...filtros } = query;
                exportCsv.mutate(filtros);
              }}
            >
              Exportar CSV
            </Button>
          </Space>
        }
      />
      <Flex vertical gap={16}>
        <Card styles={{ body: { padding: 16 } }}>
          <Flex gap={12} wrap role="search" aria-label="Filtros de la auditoría">
            <BusquedaEnUrl
              label="Buscar en la auditoría"
              placeholder="Buscar en la descripción"
              q={query.q}
              onSearch={(q) => update({ q })}
              width={300}
            />
            <Select<EntidadAuditoria>
              aria-label="Sobre qué"
              placeholder="Sobre qué"
              allowClear={selectClear('Quitar el filtro Sobre qué')}
              options={entidadOptions}
              value={query.entidad}
              onChange={(entidad) => update({ entidad })}
              style={{ width: 200, maxWidth: '100%' }}
            />
            <Select<number>
              aria-label="Persona"
              placeholder="Persona"
              allowClear={selectClear('Quitar el filtro Persona')}
              showSearch={{ filterOption: matchesOption }}
              loading={usuarios.isPending}
              options={(usuarios.data ?? []).map((usuario) => ({
                value: usuario.id_usuario,
                label: usuario.nombre_completo,
              }))}
              value={query.usuario}
              onChange={(usuario) => update({ usuario })}
              popupMatchSelectWidth={false}
              style={{ width: 240, maxWidth: '100%' }}
            />
            <DatePicker.RangePicker
              aria-label="Fechas"
              format="DD/MM/YYYY"
              placeholder={['desde', 'hasta']}
              allowEmpty={[true, true]}
              value={
                query.desde || query.hasta
                  ? [query.desde ? dayjs(query.desde) : null, query.hasta ? dayjs(query.hasta) : null]
                  : null
              }
              onChange={(dates: [Dayjs | null, Dayjs | null] | null) =>
                update({
                  desde: dates?.[0]?.format(ISO_DAY) ?? undefined,
                  hasta: dates?.[1]?.format(ISO_DAY) ?? undefined,
                })
              }
              style={{ width: 260, maxWidth: '100%' }}
            />
            <Button
              icon={<ClearOutlined />}
              disabled={!hayFiltros}
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              Limpiar filtros
            </Button>
          </Flex>
        </Card>
        <Card styles={{ body: { padding: 0 } }}>
          {registros.isError ? (
            <Alert
              type="error"
              showIcon
              title="No se pudo cargar la auditoría."
              action={<Button onClick={() => void registros.refetch()}>Reintentar</Button>}
              style={{ margin: 16 }}
            />
          ) : (
            <Table<RegistroAuditoria>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={registros.data?.items ?? []}
              loading={registros.isFetching}
              // An empty table does not scroll: a scrolling box with nothing to focus cannot be scrolled by keyboard.
              scroll={registros.data?.items.length ? { x: 860 } : undefined}
              expandable={{
                expandedRowRender: (registro) => <DetalleCambio detalle={registro.detalle} />,
                rowExpandable: (registro) => registro.detalle.length > 0,
              }}
              onRow={() => ({ 'data-testid': 'auditoria-fila' }) as React.HTMLAttributes<HTMLElement>}
              locale={{
                emptyText: (
                  <Empty
                    description={
                      hayFiltros ? 'Ningún cambio coincide con los filtros.' : 'Todavía no hay cambios registrados.'
                    }
                  />
                ),
              }}
              pagination={{
                current: registros.data?.page ?? query.page ?? 1,
                pageSize: registros.data?.pageSize ?? 50,
                total: registros.data?.total ?? 0,
                showSizeChanger: false,
                itemRender: paginationItemRender,
                showTotal: (total) => `${formatNumber(total)} ${total === 1 ? 'cambio' : 'cambios'}`,
                onChange: (page) => update({ ...query, page }),
                style: { padding: '0 16px' },
              }}
            />
          )}
        </Card>
      </Flex>
    </>
  );
}

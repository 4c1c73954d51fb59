import { Empty, Table, Typography, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ExpedienteResumen, ExpedientesPagina } from '@ecodigital/contracts/expedientes';
import { ORDENABLES, PAGE_SIZES, type CampoOrden } from '@ecodigital/contracts/expedientes.rules';
import { pageChange, paginationTotal, totalLabel } from '../list-paging';
import type { ListState } from '../list-search-params';
import { EstadoTag } from '../../../components/EstadoTag';
import { Fecha } from '../../../components/Fecha';
import { Vencimiento } from '../../../components/Vencimiento';
import { paginationItemRender } from '../../../components/pagination-item-render';
import './expedientes.css';

type SortOrder = 'ascend' | 'descend' | null;

function sortOrderOf(state: ListState, campo: CampoOrden): SortOrder {
  if (state.sort !== campo) return null;
  return state.order === 'desc' ? 'descend' : 'ascend';
}

function columns(state: ListState): TableProps<ExpedienteResumen>['columns'] {
  const sortable = (campo: CampoOrden) => ({
    key: campo,
    sorter: true,
    sortOrder: sortOrderOf(state, campo),
    sortDirections: ['ascend', 'descend'] as SortOrder[],
  });
  return [
    {
      title: 'Número',
      dataIndex: 'numero',
      ...sortable('numero'),
      width: 150,
      render: (numero: string) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {numero}
        </Typography.Text>
      ),
    },
    // Shares of the width, so the asunto keeps the most room at any screen size.
    { title: 'Asunto', dataIndex: 'asunto', ...sortable('asunto'), width: '24%', ellipsis: { showTitle: true } },
    { title: 'Tipo', key: 'tipo', render: (_, row) => row.tipo.nombre, width: '10%', ellipsis: true },
    { title: 'Unidad', key: 'unidad', render: (_, row) => row.unidad.nombre, width: '12%', ellipsis: true },
    {
      title: 'Interesado',
      dataIndex: 'interesado_nombre',
      width: '12%',
      ellipsis: true,
      render: (nombre: string | null) => nombre ?? '—',
    },
    {
      title: 'Responsable',
      key: 'responsable',
      width: '13%',
      ellipsis: true,
      render: (_, row) => row.responsable?.nombre_completo ?? '—',
    },
    {
      title: 'Estado',
      dataIndex: 'estado',
      ...sortable('estado'),
      width: 115,
      render: (_, row) => <EstadoTag estado={row.estado} />,
    },
    {
      title: 'Vence',
      key: 'vence',
      width: 120,
      render: (_, row) => <Vencimiento plazo={row.plazo} />,
    },
    {
      title: 'Apertura',
      dataIndex: 'fecha_apertura',
      ...sortable('fecha_apertura'),
      width: 115,
      render: (fecha: string) => <Fecha value={fecha} />,
    },
  ];
}

interface Props {
  state: ListState;
  pagina: ExpedientesPagina | undefined;
  loading: boolean;
  emptyText: ReactNode;
  onChange: (patch: Partial<ListState>) => void;
  onOpen: (id_expediente: number) => void;
}

export function ExpedientesTable({ state, pagina, loading, emptyText, onChange, onOpen }: Props) {
  const handleChange: TableProps<ExpedienteResumen>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const { columnKey, order } = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ExpedienteResumen>;
      const campo = ORDENABLES.find((candidate) => candidate === columnKey);
      onChange({
        sort: order && campo ? campo : undefined,
        order: order ? (order === 'descend' ? 'desc' : 'asc') : undefined,
        page: 1,
      });
      return;
    }
    const pageSize = PAGE_SIZES.find((size) => size === pagination.pageSize) ?? state.pageSize;
    if (pageSize !== state.pageSize) onChange({ pageSize, page: 1 });
    else onChange(pageChange(state, pagination.current ?? 1, pagina?.siguiente));
  };

  const openOnEnter = (event: KeyboardEvent, id: number) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(id);
  };

  return (
    <Table<ExpedienteResumen>
      rowKey="id_expediente"
      size="middle"
      columns={columns(state)}
      dataSource={pagina?.items}
      loading={loading}
      scroll={{ x: 1120 }}
      showSorterTooltip={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      onChange={handleChange}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total: paginationTotal(state, pagina),
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: () => totalLabel(pagina),
        itemRender: paginationItemRender,
      }}
      onRow={(row) => ({
        className: 'expedientes-row',
        tabIndex: 0,
        'aria-label': `Abrir el expediente ${row.numero}`,
        onClick: () => onOpen(row.id_expediente),
        onKeyDown: (event) => openOnEnter(event, row.id_expediente),
      })}
    />
  );
}

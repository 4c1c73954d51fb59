import { Button, Empty, Table, Typography, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ExpedienteResumen, ExpedientesPagina } from '@ecodigital/contracts/expedientes';
import { ORDENABLES, PAGE_SIZES, type CampoOrden } from '@ecodigital/contracts/expedientes.rules';
import { pageChange, paginationTotal, totalLabel } from '../list-paging';
import type { ListState } from '../list-search-params';
import type { Columna } from '../columnas';
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

type Columnas = NonNullable<TableProps<ExpedienteResumen>['columns']>;

/**
 * Every column with the least width it reads whole in; text wraps (never «Queja o r…») and the
 * asunto takes what is left. The table scrolls sideways only below the sum of what is shown.
 */
function columns(state: ListState): Record<Columna, Columnas[number] & { minimo: number }> {
  const sortable = (campo: CampoOrden) => ({
    key: campo,
    sorter: true,
    sortOrder: sortOrderOf(state, campo),
    sortDirections: ['ascend', 'descend'] as SortOrder[],
  });
  return {
    numero: {
      title: 'Número',
      dataIndex: 'numero',
      ...sortable('numero'),
      width: 145,
      minimo: 145,
      render: (numero: string) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {numero}
        </Typography.Text>
      ),
    },
    asunto: { title: 'Asunto', dataIndex: 'asunto', ...sortable('asunto'), minimo: 180 },
    tipo: { title: 'Tipo', key: 'tipo', render: (_, row) => row.tipo.nombre, width: 130, minimo: 130 },
    unidad: { title: 'Unidad', key: 'unidad', render: (_, row) => row.unidad.nombre, width: 130, minimo: 130 },
    interesado: {
      title: 'Interesado',
      key: 'interesado',
      dataIndex: 'interesado_nombre',
      width: 140,
      minimo: 140,
      render: (nombre: string | null) => nombre ?? '—',
    },
    responsable: {
      title: 'Responsable',
      key: 'responsable',
      width: 140,
      minimo: 140,
      render: (_, row) => row.responsable?.nombre_completo ?? '—',
    },
    estado: {
      title: 'Estado',
      dataIndex: 'estado',
      ...sortable('estado'),
      width: 105,
      minimo: 105,
      render: (_, row) => <EstadoTag estado={row.estado} />,
    },
    vence: {
      title: 'Vence',
      key: 'vence',
      width: 105,
      minimo: 105,
      render: (_, row) => <Vencimiento plazo={row.plazo} />,
    },
    apertura: {
      title: 'Apertura',
      dataIndex: 'fecha_apertura',
      ...sortable('fecha_apertura'),
      width: 100,
      minimo: 100,
      render: (fecha: string) => <Fecha value={fecha} />,
    },
  };
}

interface Props {
  state: ListState;
  /** The columns the person chose to see, in their order. */
  visibles: Columna[];
  pagina: ExpedientesPagina | undefined;
  loading: boolean;
  emptyText: ReactNode;
  onChange: (patch: Partial<ListState>) => void;
  onOpen: (id_expediente: number) => void;
}

export function ExpedientesTable({ state, visibles, pagina, loading, emptyText, onChange, onOpen }: Props) {
  const todas = columns(state);
  const mostradas = visibles.map((columna) => {
    const { minimo: _minimo, ...columnaDeTabla } = todas[columna];
    return columnaDeTabla;
  });
  const anchoMinimo = visibles.reduce((suma, columna) => suma + todas[columna].minimo, 0);
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
      columns={mostradas}
      dataSource={pagina?.items}
      loading={loading}
      scroll={{ x: anchoMinimo }}
      showSorterTooltip={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      onChange={handleChange}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total: paginationTotal(state, pagina),
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: () =>
          pagina && !pagina.totalExacto ? (
            <span>
              {totalLabel(pagina)} ·{' '}
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => onChange({ contar: 'todos' })}
                data-testid="contar-todos"
              >
                Contarlos todos
              </Button>
            </span>
          ) : (
            totalLabel(pagina)
          ),
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

import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCreateExpediente } from '../api/create-expediente';
import { useExportExpedientesCsv } from '../api/export-expedientes-csv';
import { useExpedientes } from '../api/get-expedientes';
import { ExpedienteFormModal } from '../components/ExpedienteFormModal';
import { ImportarEniModal } from '../components/ImportarEniModal';
import { ExpedientesFilterBar } from '../components/ExpedientesFilterBar';
import { ExpedientesTable } from '../components/ExpedientesTable';
import { toCrearExpediente, type ExpedienteFormValues } from '../form-values';
import { useExpedientesAccess } from '../hooks/use-expedientes-access';
import { useListState } from '../hooks/use-list-state';
import { useColumnas } from '../hooks/use-columnas';
import { ColumnasMenu } from '../components/ColumnasMenu';
import { apiQueryOf } from '../list-paging';
import { filtersOf } from '../list-search-params';

export interface ExpedientesListViewProps {
  /**
   * How many documents hold the words of the search box, with a way to «Buscar en documentos»;
   * drawn under the filters. Given by the route (features meet in app/).
   */
  busquedaEnContenido?: (q: string) => ReactNode;
}

const CREAR = { crear: true } as const;

/** `/expedientes`: search, filter, sort and page through the expedientes; create one. */
export function ExpedientesListView({ busquedaEnContenido }: ExpedientesListViewProps = {}) {
  const navigate = useNavigate();
  const access = useExpedientesAccess();
  const { state, update, setFilters } = useListState();
  const expedientes = useExpedientes(apiQueryOf(state));
  const create = useCreateExpediente();
  const exportCsv = useExportExpedientesCsv();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const q = state.q?.trim() ?? '';
  const columnas = useColumnas();

  const openExpediente = (id: number) => void navigate(`/expedientes/ver/${id}`);

  async function saveNew(values: ExpedienteFormValues) {
    const expediente = await create.mutateAsync(toCrearExpediente(values));
    setCreating(false);
    openExpediente(expediente.id_expediente);
  }

  const emptyText = expedientes.isError ? (
    <Flex vertical align="center" gap={8}>
      No se pudieron cargar los expedientes.
      <Button size="small" onClick={() => void expedientes.refetch()}>
        Reintentar
      </Button>
    </Flex>
  ) : (
    'No hay expedientes que coincidan con los filtros.'
  );

  return (
    <>
      <PageHeader
        title="Expedientes"
        subtitle="Consulte y gestione los expedientes de la institución."
        extra={
          <Space wrap>
            <ColumnasMenu visibles={columnas.visibles} onChange={columnas.elegir} />
            <Button
              icon={<DownloadOutlined />}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate(filtersOf(state))}
            >
              Exportar CSV
            </Button>
            {access.crear && (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                Incorporar expediente ENI
              </Button>
            )}
            {access.crear && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                Nuevo expediente
              </Button>
            )}
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
        <ExpedientesFilterBar state={state} onChange={setFilters} />
        {busquedaEnContenido && q.length >= 2 && busquedaEnContenido(q)}
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        <ExpedientesTable
          state={state}
          visibles={columnas.visibles}
          pagina={expedientes.data}
          loading={expedientes.isFetching}
          emptyText={emptyText}
          onChange={update}
          onOpen={openExpediente}
        />
      </Card>
      {access.crear && (
        <ExpedienteFormModal
          title="Nuevo expediente"
          okText="Crear expediente"
          open={creating}
          mode={CREAR}
          onSubmit={saveNew}
          onClose={() => setCreating(false)}
        />
      )}
      {access.crear && (
        <ImportarEniModal
          open={importing}
          onClose={() => setImporting(false)}
          onImportado={(id) => {
            setImporting(false);
            openExpediente(id);
          }}
        />
      )}
    </>
  );
}

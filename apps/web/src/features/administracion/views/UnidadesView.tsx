import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import type { Unidad } from '@ecodigital/contracts/administracion';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { inputClear } from '../../../components/clear-buttons';
import { formatNumber } from '../../../lib/format';
import { useCreateUnidad } from '../api/create-unidad';
import { useUnidades } from '../api/get-unidades';
import { useUpdateUnidad } from '../api/update-unidad';
import { ActivoTag } from '../components/ActivoTag';
import { MoverUnidadModal } from '../components/MoverUnidadModal';
import { UnidadFormModal, type UnidadFormMode } from '../components/UnidadFormModal';
import { aplanar, construirArbol, filtrarArbol, type NodoUnidad } from '../unidades-tree';
import './administracion.css';

/** Indentation per level of the tree, and the room its toggle (or the space for one) takes. */
const SANGRIA_PX = 20;
const CONMUTADOR_PX = 28;

function Acciones({
  unidad,
  onAdd,
  onEdit,
  onMove,
  onToggle,
}: {
  unidad: NodoUnidad;
  onAdd: () => void;
  onEdit: () => void;
  onMove: () => void;
  onToggle: () => void;
}) {
  // Each button names its unidad: a screen reader lists many «Mover» otherwise.
  const de = `«${unidad.nombre}»`;
  return (
    <Space size={0} wrap>
      {unidad.activa && (
        <Button type="link" size="small" onClick={onAdd} aria-label={`Añadir una unidad dentro de ${de}`}>
          Añadir
        </Button>
      )}
      <Button type="link" size="small" onClick={onEdit} aria-label={`Editar ${de}`}>
        Editar
      </Button>
      <Button type="link" size="small" onClick={onMove} aria-label={`Mover ${de}`}>
        Mover
      </Button>
      <Button
        type="link"
        size="small"
        danger={unidad.activa}
        onClick={onToggle}
        aria-label={`${unidad.activa ? 'Desactivar' : 'Activar'} ${de}`}
      >
        {unidad.activa ? 'Desactivar' : 'Activar'}
      </Button>
    </Space>
  );
}

/** `/administracion/unidades`: the organisation as a tree; add, rename, move and (de)activate unidades. */
export function UnidadesView() {
  const unidades = useUnidades();
  const create = useCreateUnidad();
  const update = useUpdateUnidad();
  const [busqueda, setBusqueda] = useState('');
  const [formulario, setFormulario] = useState<UnidadFormMode | null>(null);
  const [moviendo, setMoviendo] = useState<Unidad | null>(null);
  const [desactivando, setDesactivando] = useState<Unidad | null>(null);
  // Every branch starts open, new ones included; the person closes the ones they do not need.
  const [cerradas, setCerradas] = useState<ReadonlySet<number>>(new Set());

  const lista = useMemo(() => unidades.data ?? [], [unidades.data]);
  const arbol = useMemo(() => construirArbol(lista), [lista]);
  const visibles = useMemo(() => filtrarArbol(arbol, busqueda), [arbol, busqueda]);
  const abiertas = useMemo(
    () => aplanar(visibles).flatMap((nodo) => (nodo.children && !cerradas.has(nodo.id) ? [nodo.id] : [])),
    [visibles, cerradas],
  );
  function alternar(abrir: boolean, nodo: NodoUnidad) {
    setCerradas((antes) => {
      const despues = new Set(antes);
      if (abrir) despues.delete(nodo.id);
      else despues.add(nodo.id);
      return despues;
    });
  }

  const cambiar = (unidad: Unidad, activa: boolean) => update.mutateAsync({ id: unidad.id, body: { activa } });

  const columns: TableColumnsType<NodoUnidad> = [
    {
      title: 'Unidad',
      key: 'nombre',
      // Room for a few levels of indentation before a long name has to wrap below its toggle.
      width: 320,
      render: (_, unidad) => (
        <Flex
          gap={8}
          align="center"
          wrap
          // Beside its indentation and toggle, never under them: a long name wraps in its own column.
          style={{
            display: 'inline-flex',
            verticalAlign: 'top',
            maxWidth: `calc(100% - ${unidad.nivel * SANGRIA_PX + CONMUTADOR_PX}px)`,
          }}
        >
          <Typography.Text strong={unidad.id_padre === null} style={{ overflowWrap: 'anywhere' }}>
            {unidad.nombre}
          </Typography.Text>
          {!unidad.activa && <ActivoTag activo={false} femenino />}
        </Flex>
      ),
    },
    {
      title: 'Código',
      dataIndex: 'codigo',
      key: 'codigo',
      width: 130,
      render: (codigo: string) => <Typography.Text code>{codigo}</Typography.Text>,
    },
    { title: 'Personas', key: 'personas', width: 95, align: 'right', render: (_, u) => formatNumber(u.personas) },
    {
      title: 'Expedientes',
      key: 'expedientes',
      width: 110,
      align: 'right',
      render: (_, u) => formatNumber(u.expedientes),
    },
    {
      title: 'Acciones',
      key: 'acciones',
      width: 300,
      render: (_, unidad) => (
        <Acciones
          unidad={unidad}
          onAdd={() => setFormulario({ crear: true, id_padre: unidad.id })}
          onEdit={() => setFormulario({ crear: false, unidad })}
          onMove={() => setMoviendo(unidad)}
          onToggle={() => (unidad.activa ? setDesactivando(unidad) : void cambiar(unidad, true).catch(() => {}))}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Unidades"
        subtitle="Quien pertenece a una unidad ve los expedientes de ella y de las que dependen de ella."
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!unidades.data}
            onClick={() => setFormulario({ crear: true, id_padre: null })}
          >
            Nueva unidad
          </Button>
        }
      />
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={12}>
          <Input.Search
            aria-label="Buscar unidades"
            placeholder="Buscar por nombre o código"
            allowClear={inputClear('Borrar la búsqueda')}
            searchIcon={<SearchOutlined aria-label="Buscar" />}
            value={busqueda}
            onChange={(event) => setBusqueda(event.target.value)}
            style={{ maxWidth: 360 }}
          />
          {unidades.isError ? (
            <Alert
              type="error"
              showIcon
              title="No se pudieron cargar las unidades."
              action={<Button onClick={() => void unidades.refetch()}>Reintentar</Button>}
            />
          ) : !unidades.data ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <Table<NodoUnidad>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={visibles}
              pagination={false}
              scroll={{ x: 955 }}
              expandable={{ expandedRowKeys: abiertas, onExpand: alternar, indentSize: SANGRIA_PX }}
              onRow={(unidad) =>
                ({ 'data-testid': 'unidad-fila', 'data-codigo': unidad.codigo }) as React.HTMLAttributes<HTMLElement>
              }
              locale={{
                emptyText: (
                  <Empty description={busqueda.trim() ? 'Ninguna unidad coincide.' : 'Todavía no hay unidades.'} />
                ),
              }}
            />
          )}
        </Flex>
      </Card>
      <UnidadFormModal
        mode={formulario}
        unidades={lista}
        onCreate={(body) => create.mutateAsync(body)}
        onEdit={(id, body) => update.mutateAsync({ id, body })}
        onClose={() => setFormulario(null)}
      />
      <MoverUnidadModal
        unidad={moviendo}
        unidades={lista}
        onMove={(id, id_padre) => update.mutateAsync({ id, body: { id_padre } })}
        onClose={() => setMoviendo(null)}
      />
      <ConfirmDialog
        subject={
          desactivando && {
            title: `¿Desactivar «${desactivando.nombre}»?`,
            content: (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                No recibirá expedientes nuevos ni se podrá asignar a más personas. Sus expedientes y las personas que ya
                tiene siguen como están, y puede volver a activarla cuando quiera.
              </Typography.Paragraph>
            ),
          }
        }
        okText="Desactivar"
        danger
        onConfirm={() => cambiar(desactivando!, false)}
        onClose={() => setDesactivando(null)}
      />
    </>
  );
}

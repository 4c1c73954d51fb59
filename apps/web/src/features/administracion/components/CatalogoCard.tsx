import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { CatalogoEditable, EntradaCatalogo } from '@ecodigital/contracts/administracion';
import { CATALOGO_ETIQUETAS } from '@ecodigital/contracts/administracion.rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatNumber } from '../../../lib/format';
import { useCreateEntrada } from '../api/create-entrada';
import { useCatalogo } from '../api/get-catalogo';
import { useUpdateEntrada } from '../api/update-entrada';
import { ActivoTag } from './ActivoTag';
import { PlazoTipoModal } from './PlazoTipoModal';
import { useFijarPlazoTipo, usePlazosTipos } from '../api/plazos';
import type { TipoConPlazo } from '@ecodigital/contracts/plazos';
import { describirPlazo } from '@ecodigital/contracts/plazos.rules';
import { EntradaCatalogoModal } from './EntradaCatalogoModal';

/** A tipo documental's name is part of the hash of every índice entry that uses it. */
const nombreFijo = (catalogo: CatalogoEditable, entrada: EntradaCatalogo) =>
  catalogo === 'tipos-documentales' && entrada.en_uso > 0;

const NOTAS: Record<CatalogoEditable, string> = {
  tipos: 'Uno desactivado ya no se ofrece al abrir expedientes; los que lo tienen lo conservan.',
  'tipos-documentales':
    'Uno desactivado ya no se ofrece al subir documentos. Uno con documentos no se puede renombrar: su nombre forma parte de la huella del índice (desactívelo y cree otro).',
};

/** One catalogue: its entries, how many records use each, and adding, renaming and (de)activating. */
export function CatalogoCard({ catalogo }: { catalogo: CatalogoEditable }) {
  const etiqueta = CATALOGO_ETIQUETAS[catalogo];
  const entradas = useCatalogo(catalogo);
  const create = useCreateEntrada(catalogo);
  const update = useUpdateEntrada(catalogo);
  const [editando, setEditando] = useState<EntradaCatalogo | 'nueva' | null>(null);
  const [desactivando, setDesactivando] = useState<EntradaCatalogo | null>(null);
  // Only tipos de expediente carry a plazo de resolución.
  const conPlazo = catalogo === 'tipos';
  const plazos = usePlazosTipos(conPlazo);
  const fijarPlazo = useFijarPlazoTipo();
  const [fijando, setFijando] = useState<TipoConPlazo | null>(null);
  const plazoDe = (id: number) => plazos.data?.find((tipo) => tipo.id === id);

  const cambiar = (entrada: EntradaCatalogo, activo: boolean) =>
    update.mutateAsync({ id: entrada.id, body: { activo } });

  const columns: TableColumnsType<EntradaCatalogo> = [
    { title: 'Nombre', dataIndex: 'nombre', key: 'nombre' },
    {
      title: 'En uso',
      key: 'en_uso',
      width: 90,
      align: 'right',
      render: (_, entrada) => formatNumber(entrada.en_uso),
    },
    ...(conPlazo
      ? [
          {
            title: 'Plazo',
            key: 'plazo',
            width: 140,
            render: (_: unknown, entrada: EntradaCatalogo) => {
              const plazo = plazoDe(entrada.id)?.plazo;
              return plazo ? describirPlazo(plazo) : <Typography.Text type="secondary">Sin plazo</Typography.Text>;
            },
          },
        ]
      : []),
    {
      title: 'Estado',
      key: 'activo',
      width: 120,
      render: (_, entrada) => <ActivoTag activo={entrada.activo} />,
    },
    {
      title: 'Acciones',
      key: 'acciones',
      width: conPlazo ? 290 : 230,
      render: (_, entrada) => (
        <Space size={0}>
          {nombreFijo(catalogo, entrada) ? (
            <Typography.Text type="secondary" style={{ fontSize: 13, paddingInline: 7 }}>
              Nombre fijo
            </Typography.Text>
          ) : (
            <Button
              type="link"
              size="small"
              onClick={() => setEditando(entrada)}
              aria-label={`Renombrar «${entrada.nombre}»`}
            >
              Renombrar
            </Button>
          )}
          {conPlazo && plazoDe(entrada.id) && (
            <Button
              type="link"
              size="small"
              onClick={() => setFijando(plazoDe(entrada.id)!)}
              aria-label={`Plazo de «${entrada.nombre}»`}
            >
              Plazo
            </Button>
          )}
          <Button
            type="link"
            size="small"
            danger={entrada.activo}
            aria-label={`${entrada.activo ? 'Desactivar' : 'Activar'} «${entrada.nombre}»`}
            onClick={() => (entrada.activo ? setDesactivando(entrada) : void cambiar(entrada, true).catch(() => {}))}
          >
            {entrada.activo ? 'Desactivar' : 'Activar'}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={<h2 className="admin-card-title">{etiqueta}</h2>}
      extra={
        <Button
          icon={<PlusOutlined />}
          onClick={() => setEditando('nueva')}
          aria-label={`Añadir a ${etiqueta.toLowerCase()}`}
        >
          Añadir
        </Button>
      }
      styles={{ body: { padding: 0 } }}
      data-testid={`catalogo-${catalogo}`}
      style={{ height: '100%' }}
    >
      <Typography.Paragraph type="secondary" style={{ margin: 16 }}>
        {NOTAS[catalogo]}
      </Typography.Paragraph>
      {entradas.isError ? (
        <Alert
          type="error"
          showIcon
          title={`No se pudieron cargar los ${etiqueta.toLowerCase()}.`}
          action={<Button onClick={() => void entradas.refetch()}>Reintentar</Button>}
          style={{ margin: 16 }}
        />
      ) : (
        <Table<EntradaCatalogo>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={entradas.data ?? []}
          loading={entradas.isPending}
          pagination={false}
          scroll={{ x: conPlazo ? 800 : 600 }}
          onRow={(entrada) =>
            ({ 'data-testid': 'entrada-fila', 'data-nombre': entrada.nombre }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: <Empty description="El catálogo está vacío." /> }}
        />
      )}
      <EntradaCatalogoModal
        entrada={editando}
        catalogo={etiqueta}
        onSave={(nombre) =>
          editando === 'nueva' ? create.mutateAsync(nombre) : update.mutateAsync({ id: editando!.id, body: { nombre } })
        }
        onClose={() => setEditando(null)}
      />
      {conPlazo && (
        <PlazoTipoModal
          tipo={fijando}
          onSave={(plazo) => fijarPlazo.mutateAsync({ id: fijando!.id, plazo })}
          onClose={() => setFijando(null)}
        />
      )}
      <ConfirmDialog
        subject={
          desactivando && {
            title: `¿Desactivar «${desactivando.nombre}»?`,
            content: (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                Ya no se ofrecerá para registros nuevos. Los {formatNumber(desactivando.en_uso)} que lo usan lo
                conservan, y puede volver a activarlo cuando quiera.
              </Typography.Paragraph>
            ),
          }
        }
        okText="Desactivar"
        danger
        onConfirm={() => cambiar(desactivando!, false)}
        onClose={() => setDesactivando(null)}
      />
    </Card>
  );
}

import { Alert, Button, Card, Empty, Flex, Form, Input, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import type { SerieDocumental, TipoRetencion } from '@ecodigital/contracts/retencion';
import { CODIGO_SERIE_PATTERN, describirRegla, LIMITES_RETENCION } from '@ecodigital/contracts/retencion.rules';
import { FormModal } from '../../../components/FormModal';
import { PageHeader } from '../../../components/PageHeader';
import { toast } from '../../../lib/toast';
import { useAsignarTipo, useGuardarSerie, useSeries, useTiposRetencion } from '../api/cuadro';
import { ReglaFields, reglaDe, type DisposicionElegida } from '../components/ReglaFields';

interface ValoresSerie {
  codigo: string;
  nombre: string;
  activo: boolean;
  disposicion: DisposicionElegida;
  anios?: number | null;
}

interface ValoresTipo {
  id_serie: number | 'ninguna';
  disposicion: DisposicionElegida;
  anios?: number | null;
}

function SerieModal({ serie, onClose }: { serie: SerieDocumental | 'nueva' | null; onClose: () => void }) {
  const guardar = useGuardarSerie();
  const existente = serie !== 'nueva' && serie !== null ? serie : null;
  async function submit(valores: ValoresSerie) {
    await guardar
      .mutateAsync({
        id: existente?.id,
        body: {
          codigo: valores.codigo.trim(),
          nombre: valores.nombre.trim(),
          activo: valores.activo,
          regla: reglaDe(valores.disposicion, valores.anios),
        },
      })
      .then(
        () => {
          toast.show({ severity: 'success', summary: existente ? 'Serie actualizada' : 'Serie añadida' });
          onClose();
        },
        () => {},
      );
  }
  return (
    <FormModal<ValoresSerie>
      title={existente ? `Editar la serie ${existente.codigo}` : 'Nueva serie documental'}
      open={serie !== null}
      okText="Guardar"
      confirmLoading={guardar.isPending}
      onCancel={onClose}
      form={{
        name: 'serie',
        onFinish: submit,
        initialValues: {
          codigo: existente?.codigo ?? '',
          nombre: existente?.nombre ?? '',
          activo: existente?.activo ?? true,
          disposicion: existente?.regla?.disposicion ?? 'ninguna',
          anios: existente?.regla?.anios ?? null,
        },
      }}
    >
      <Form.Item
        name="codigo"
        label="Código"
        rules={[
          { required: true, message: 'Indique el código de la serie.' },
          {
            pattern: new RegExp(CODIGO_SERIE_PATTERN),
            message: 'Letras, cifras y . _ / - (hasta 30), empezando por letra o cifra.',
          },
        ]}
      >
        <Input maxLength={LIMITES_RETENCION.codigoMax} />
      </Form.Item>
      <Form.Item
        name="nombre"
        label="Nombre"
        rules={[{ required: true, whitespace: true, message: 'Indique el nombre.' }]}
      >
        <Input maxLength={LIMITES_RETENCION.nombreMax} />
      </Form.Item>
      <Form.Item name="activo" label="Activa" valuePropName="checked">
        <Switch />
      </Form.Item>
      <ReglaFields ninguna="Sin regla (nunca caduca)" />
    </FormModal>
  );
}

function TipoModal({
  tipo,
  series,
  onClose,
}: {
  tipo: TipoRetencion | null;
  series: SerieDocumental[];
  onClose: () => void;
}) {
  const asignar = useAsignarTipo();
  async function submit(valores: ValoresTipo) {
    if (!tipo) return;
    await asignar
      .mutateAsync({
        id: tipo.id,
        body: {
          id_serie: valores.id_serie === 'ninguna' ? null : valores.id_serie,
          regla: reglaDe(valores.disposicion, valores.anios),
        },
      })
      .then(
        () => {
          toast.show({ severity: 'success', summary: 'Tipo actualizado' });
          onClose();
        },
        () => {},
      );
  }
  return (
    <FormModal<ValoresTipo>
      title={tipo ? `Serie y regla de «${tipo.nombre}»` : undefined}
      open={tipo !== null}
      okText="Guardar"
      confirmLoading={asignar.isPending}
      onCancel={onClose}
      form={{
        name: 'tipo-retencion',
        onFinish: submit,
        initialValues: {
          id_serie: tipo?.serie?.id ?? 'ninguna',
          disposicion: tipo?.regla?.disposicion ?? 'ninguna',
          anios: tipo?.regla?.anios ?? null,
        },
      }}
    >
      <Form.Item name="id_serie" label="Serie documental">
        <Select
          options={[
            { value: 'ninguna', label: 'Ninguna' },
            ...series
              .filter((serie) => serie.activo || serie.id === tipo?.serie?.id)
              .map((serie) => ({ value: serie.id, label: `${serie.codigo} · ${serie.nombre}` })),
          ]}
        />
      </Form.Item>
      <ReglaFields ninguna="La de su serie" />
    </FormModal>
  );
}

/**
 * `/administracion/cuadro-clasificacion` (permission `retencion.gestionar`): the series documentales
 * with their retention rule, and the serie (and own rule, which prevails) of each tipo de expediente.
 */
export function CuadroClasificacionView() {
  const series = useSeries();
  const tipos = useTiposRetencion();
  const [serie, setSerie] = useState<SerieDocumental | 'nueva' | null>(null);
  const [tipo, setTipo] = useState<TipoRetencion | null>(null);
  return (
    <>
      <PageHeader
        title="Cuadro de clasificación"
        subtitle="Las series documentales, cuánto se conserva cada una tras el cierre y qué tipo de expediente pertenece a cada serie. Un tipo sin serie ni regla nunca caduca."
        extra={
          <Button type="primary" onClick={() => setSerie('nueva')}>
            Nueva serie
          </Button>
        }
      />
      {series.isError || tipos.isError ? (
        <Alert type="error" showIcon title="No se pudo cargar el cuadro de clasificación." />
      ) : (
        <Flex vertical gap={16}>
          <Card title="Series documentales" styles={{ body: { padding: 0 } }}>
            {series.data?.length === 0 ? (
              <Empty description="Aún no hay series documentales." style={{ padding: 16 }} />
            ) : (
              <Table<SerieDocumental>
                rowKey="id"
                loading={series.isPending}
                dataSource={series.data ?? []}
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: 'Código', dataIndex: 'codigo' },
                  { title: 'Nombre', dataIndex: 'nombre' },
                  { title: 'Regla de conservación', render: (_, fila) => describirRegla(fila.regla) },
                  {
                    title: 'Tipos de expediente',
                    render: (_, fila) => fila.tipos.map((t) => t.nombre).join(', ') || '—',
                  },
                  {
                    title: 'Estado',
                    render: (_, fila) => (fila.activo ? <Tag color="green">Activa</Tag> : <Tag>Desactivada</Tag>),
                  },
                  {
                    title: 'Acciones',
                    render: (_, fila) => (
                      <Button size="small" onClick={() => setSerie(fila)} aria-label={`Editar la serie ${fila.codigo}`}>
                        Editar
                      </Button>
                    ),
                  },
                ]}
              />
            )}
          </Card>
          <Card title="Tipos de expediente" styles={{ body: { padding: 0 } }}>
            <Table<TipoRetencion>
              rowKey="id"
              loading={tipos.isPending}
              dataSource={tipos.data ?? []}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: 'Tipo', dataIndex: 'nombre' },
                {
                  title: 'Serie',
                  render: (_, fila) => (fila.serie ? `${fila.serie.codigo} · ${fila.serie.nombre}` : '—'),
                },
                {
                  title: 'Regla que se aplica',
                  render: (_, fila) =>
                    `${describirRegla(fila.regla_efectiva)}${fila.regla ? ' (propia del tipo)' : ''}`,
                },
                {
                  title: 'Acciones',
                  render: (_, fila) => (
                    <Button
                      size="small"
                      onClick={() => setTipo(fila)}
                      aria-label={`Asignar serie y regla a ${fila.nombre}`}
                    >
                      Asignar
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </Flex>
      )}
      <SerieModal serie={serie} onClose={() => setSerie(null)} />
      <TipoModal tipo={tipo} series={series.data ?? []} onClose={() => setTipo(null)} />
    </>
  );
}

import { Alert, Button, Card, Empty, Flex, Form, Grid, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ActaResumen, EstadoActa, PendienteDictamen } from '@ecodigital/contracts/retencion';
import { ESTADO_ACTA_ETIQUETAS, LIMITES_RETENCION } from '@ecodigital/contracts/retencion.rules';
import { FormModal } from '../../../components/FormModal';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatDateTime } from '../../../lib/format';
import { reglasMotivo, textoNormalizado } from '../../../lib/text-rules';
import { toast } from '../../../lib/toast';
import { hasPermiso } from '../../../session/permissions';
import { usePermisos } from '../../../session/session-query';
import {
  descargarPdfActa,
  useActas,
  useAprobarActa,
  useCrearActa,
  useDescartarActa,
  usePendientes,
} from '../api/eliminacion';

const COLOR_ESTADO: Record<EstadoActa, string> = { borrador: 'default', aprobada: 'gold', ejecutada: 'red' };

/**
 * The tables' least width: narrower screens scroll them sideways inside their card; wider ones wrap
 * the long texts (asunto, tipo, motivo) instead of pushing the last columns out of sight. It still
 * fits beside the menu at 1.280 px, and leaves the tipo room for a few words a line.
 */
const ANCHO_MINIMO_TABLA = 940;

/** When and by whom, on two lines so the column stays narrow. */
function CuandoQuien({ en, por }: { en: string; por: string }) {
  return (
    <Flex vertical>
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(en)}</span>
      <Typography.Text type="secondary">{por}</Typography.Text>
    </Flex>
  );
}

interface ValoresMotivo {
  motivo?: string;
}

function MotivoModal({
  title,
  okText,
  detalle,
  open,
  saving,
  onConfirm,
  onClose,
}: {
  title: string;
  okText: string;
  detalle: string;
  open: boolean;
  saving: boolean;
  onConfirm: (motivo: string) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <FormModal<ValoresMotivo>
      title={title}
      open={open}
      okText={okText}
      confirmLoading={saving}
      onCancel={onClose}
      form={{
        name: 'motivo-acta',
        onFinish: async ({ motivo }) => onConfirm(textoNormalizado(motivo, 'parrafos') ?? '').then(onClose, () => {}),
      }}
    >
      <Typography.Paragraph>{detalle}</Typography.Paragraph>
      <Form.Item
        name="motivo"
        label="Motivo"
        required
        rules={reglasMotivo({ min: LIMITES_RETENCION.motivoMin, max: LIMITES_RETENCION.motivoActaMax })}
      >
        <Input.TextArea rows={3} maxLength={LIMITES_RETENCION.motivoActaMax} showCount />
      </Form.Item>
    </FormModal>
  );
}

/**
 * `/administracion/eliminacion` (permission `retencion.gestionar`): the expedientes pendientes de
 * dictamen, from which an acta de eliminación is drafted; the actas, approved (which destroys the
 * documents' contents) by whoever has `retencion.aprobar_eliminacion`, and their signed PDF.
 */
export function EliminacionView() {
  const pendientes = usePendientes();
  const actas = useActas();
  const crear = useCrearActa();
  const aprobar = useAprobarActa();
  const descartar = useDescartarActa();
  const puedeAprobar = hasPermiso(usePermisos(), 'retencion.aprobar_eliminacion');
  const [seleccion, setSeleccion] = useState<number[]>([]);
  const [redactando, setRedactando] = useState(false);
  const [aprobando, setAprobando] = useState<ActaResumen | null>(null);
  // On a narrow screen the button goes below the card's title, which it would otherwise cut.
  const narrow = Grid.useBreakpoint().sm === false;
  const redactar = (
    <Button type="primary" disabled={seleccion.length === 0} onClick={() => setRedactando(true)}>
      Redactar acta ({seleccion.length})
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Eliminación"
        subtitle="Expedientes archivados cuyo plazo de conservación se cumplió y las actas que autorizan destruir el contenido de sus documentos. Se conservan siempre sus metadatos, el índice con las huellas, el historial y el acta."
      />
      {pendientes.isError || actas.isError ? (
        <Alert type="error" showIcon title="No se pudo cargar la eliminación." />
      ) : (
        <Flex vertical gap={16}>
          <Card title="Pendientes de dictamen" styles={{ body: { padding: 0 } }} extra={narrow ? undefined : redactar}>
            {narrow && <div style={{ padding: '12px 24px' }}>{redactar}</div>}
            {pendientes.data?.truncado && (
              <Alert type="info" title={`Se muestran los ${LIMITES_RETENCION.pendientes} más antiguos.`} />
            )}
            {pendientes.data?.items.length === 0 ? (
              <Empty description="Ningún expediente está pendiente de dictamen." style={{ padding: 16 }} />
            ) : (
              <Table<PendienteDictamen>
                rowKey="id_expediente"
                loading={pendientes.isPending}
                dataSource={pendientes.data?.items ?? []}
                pagination={false}
                scroll={{ x: ANCHO_MINIMO_TABLA }}
                rowSelection={{
                  selectedRowKeys: seleccion,
                  onChange: (claves) => setSeleccion(claves as number[]),
                  getCheckboxProps: (fila) => ({
                    disabled: fila.acta_borrador !== null,
                    'aria-label': `Seleccionar ${fila.numero}`,
                  }),
                }}
                columns={[
                  {
                    title: 'Número',
                    // A number is not cut at its hyphens.
                    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                    render: (_, fila) => <Link to={`/expedientes/ver/${fila.id_expediente}`}>{fila.numero}</Link>,
                  },
                  { title: 'Asunto', dataIndex: 'asunto' },
                  {
                    title: 'Tipo',
                    render: (_, fila) => (
                      <Flex vertical>
                        <span>{fila.tipo}</span>
                        {fila.serie && <Typography.Text type="secondary">Serie {fila.serie}</Typography.Text>}
                      </Flex>
                    ),
                  },
                  { title: 'Cerrado', render: (_, fila) => formatDate(fila.fecha_cierre) },
                  { title: 'Plazo cumplido', render: (_, fila) => formatDate(fila.cumplido_el) },
                  { title: 'Documentos', dataIndex: 'documentos' },
                  {
                    title: 'Acta',
                    render: (_, fila) => (fila.acta_borrador ? <Tag>Borrador {fila.acta_borrador}</Tag> : '—'),
                  },
                ]}
              />
            )}
          </Card>
          <Card title="Actas de eliminación" styles={{ body: { padding: 0 } }}>
            {actas.data?.length === 0 ? (
              <Empty description="Aún no hay actas de eliminación." style={{ padding: 16 }} />
            ) : (
              <Table<ActaResumen>
                rowKey="id"
                loading={actas.isPending}
                dataSource={actas.data ?? []}
                pagination={false}
                scroll={{ x: ANCHO_MINIMO_TABLA }}
                columns={[
                  { title: 'Número', dataIndex: 'numero', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
                  {
                    title: 'Estado',
                    render: (_, fila) => (
                      <Tag color={COLOR_ESTADO[fila.estado]}>{ESTADO_ACTA_ETIQUETAS[fila.estado]}</Tag>
                    ),
                  },
                  { title: 'Expedientes', dataIndex: 'num_expedientes' },
                  { title: 'Motivo', dataIndex: 'motivo' },
                  {
                    title: 'Redactada',
                    render: (_, fila) => <CuandoQuien en={fila.creada_en} por={fila.creada_por.nombre_completo} />,
                  },
                  {
                    title: 'Aprobada',
                    render: (_, fila) =>
                      fila.aprobada_en && fila.aprobada_por ? (
                        <CuandoQuien en={fila.aprobada_en} por={fila.aprobada_por.nombre_completo} />
                      ) : (
                        '—'
                      ),
                  },
                  {
                    title: 'Acciones',
                    render: (_, fila) =>
                      fila.estado === 'borrador' ? (
                        <Flex gap={8}>
                          {puedeAprobar && (
                            <Button size="small" danger onClick={() => setAprobando(fila)}>
                              Aprobar {fila.numero}
                            </Button>
                          )}
                          <Popconfirm
                            title={`¿Descartar el borrador ${fila.numero}?`}
                            okText="Descartar"
                            cancelText="Cancelar"
                            onConfirm={() => descartar.mutate(fila.id)}
                          >
                            <Button size="small">Descartar</Button>
                          </Popconfirm>
                        </Flex>
                      ) : (
                        <Button size="small" onClick={() => void descargarPdfActa(fila).catch(() => {})}>
                          PDF firmado
                        </Button>
                      ),
                  },
                ]}
              />
            )}
          </Card>
        </Flex>
      )}
      <MotivoModal
        title="Redactar acta de eliminación"
        okText="Redactar borrador"
        detalle={`El borrador listará ${seleccion.length === 1 ? '1 expediente' : `${seleccion.length} expedientes`}. Nada se elimina hasta que se apruebe.`}
        open={redactando}
        saving={crear.isPending}
        onConfirm={(motivo) =>
          crear.mutateAsync({ motivo, expedientes: seleccion }).then((acta) => {
            setSeleccion([]);
            toast.show({ severity: 'success', summary: `Borrador ${acta.numero} redactado` });
          })
        }
        onClose={() => setRedactando(false)}
      />
      <MotivoModal
        title={aprobando ? `Aprobar el acta ${aprobando.numero}` : ''}
        okText="Aprobar y eliminar"
        detalle="Al aprobarla se destruye el contenido de todos los documentos de los expedientes que lista. No se puede deshacer. Se conservan sus metadatos, el índice con las huellas, el historial y el acta firmada."
        open={aprobando !== null}
        saving={aprobar.isPending}
        onConfirm={(motivo) =>
          aprobar
            .mutateAsync({ id: aprobando!.id, body: { motivo } })
            .then((acta) => toast.show({ severity: 'success', summary: `Acta ${acta.numero} aprobada` }))
        }
        onClose={() => setAprobando(null)}
      />
    </>
  );
}

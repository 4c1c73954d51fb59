import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ExpedienteResumen } from '@ecodigital/contracts/expedientes';
import { ESTADO_ETIQUETAS } from '@ecodigital/contracts/expedientes.rules';
import { PageHeader } from '../../../components/PageHeader';
import { formatNumber } from '../../../lib/format';
import { maxUploadMb } from '../../../lib/runtime-config';
import { admiteDocumentos } from '../access';
import { isMissing, useDestino, type Destino } from '../api/get-destino';
import { useTiposDocumentales } from '../api/get-tipos-documentales';
import { documentosKeys } from '../api/keys';
import { ExpedienteDestinoSelect } from '../components/ExpedienteDestinoSelect';
import { UploadList } from '../components/UploadList';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { ACCEPT_ATTRIBUTE, DEFAULT_MAX_UPLOAD_MB } from '../precheck';
import { sendable } from '../upload-queue';

function parseId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/** Documents enter an expediente being worked on, that the person may change. */
const esDestinoValido = (expediente: Destino) => expediente.gestion && admiteDocumentos(expediente.estado);

function DestinoProblem({ raw, id }: { raw: string | null; id: number | null }) {
  const destino = useDestino(id);
  if (raw === null) return null;
  if (id === null || isMissing(destino.error)) {
    return <Alert type="warning" showIcon title={`No existe el expediente indicado (${raw}). Elija otro.`} />;
  }
  if (destino.data && !destino.data.gestion) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`Puede consultar el expediente ${destino.data.numero}, pero no incorporarle documentos. Elija otro.`}
      />
    );
  }
  if (destino.data && !admiteDocumentos(destino.data.estado)) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`El expediente ${destino.data.numero} está ${ESTADO_ETIQUETAS[destino.data.estado].toLowerCase()}: no admite documentos. Elija otro.`}
      />
    );
  }
  if (destino.isError) return <Alert type="error" showIcon title="No se pudo cargar el expediente indicado." />;
  return null;
}

function summaryOf(counts: Record<'subido' | 'rechazado' | 'cancelado', number>): string {
  const parts = [
    counts.subido && `${formatNumber(counts.subido)} ${counts.subido === 1 ? 'subido' : 'subidos'}`,
    counts.rechazado && `${formatNumber(counts.rechazado)} ${counts.rechazado === 1 ? 'rechazado' : 'rechazados'}`,
    counts.cancelado && `${formatNumber(counts.cancelado)} ${counts.cancelado === 1 ? 'cancelado' : 'cancelados'}`,
  ].filter(Boolean);
  return `${parts.join(', ')}.`;
}

/** `/subir-documentos[?expediente=<id>]`: choose an expediente, then drop files and send them. */
export function SubirDocumentosView() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('expediente');
  const id = parseId(raw);
  const destino = useDestino(id);
  const usable = destino.data && esDestinoValido(destino.data) ? destino.data : undefined;
  const limitMb = maxUploadMb(DEFAULT_MAX_UPLOAD_MB);
  const queue = useUploadQueue(limitMb);
  const tipos = useTiposDocumentales();
  // A deactivated tipo documental keeps naming the documents filed with it; new ones take active tipos.
  const tiposActivos = useMemo(() => (tipos.data ?? []).filter((tipo) => tipo.activo), [tipos.data]);

  const ready = sendable(queue.items);
  const counts = useMemo(() => {
    const result = { subido: 0, rechazado: 0, cancelado: 0 };
    for (const item of queue.items) if (item.estado in result) result[item.estado as keyof typeof result] += 1;
    return result;
  }, [queue.items]);
  const finished = counts.subido + counts.rechazado + counts.cancelado > 0 && !queue.sending;

  function choose(next: ExpedienteResumen | null) {
    if (next) queryClient.setQueryData(documentosKeys.destino(next.id_expediente), next);
    setParams(next === null ? {} : { expediente: String(next.id_expediente) }, { replace: true });
  }

  return (
    <>
      <PageHeader
        title="Subir documentos"
        subtitle="Incorpore documentos a un expediente abierto o en trámite."
        extra={
          // The way back to where the person came from, or to the expediente they chose here.
          usable && (
            <Link to={`/expedientes/ver/${usable.id_expediente}`} state={{ numero: usable.numero }}>
              Volver al expediente {usable.numero}
            </Link>
          )
        }
      />
      <Flex vertical gap={16}>
        <Card title="1. Expediente">
          <Form layout="vertical" component="div">
            <Form.Item label="Expediente de destino" htmlFor="subida-expediente" style={{ marginBottom: 8 }}>
              <ExpedienteDestinoSelect
                id="subida-expediente"
                value={usable ? usable.id_expediente : null}
                selected={usable}
                onChange={choose}
                disabled={queue.sending}
              />
            </Form.Item>
          </Form>
          <DestinoProblem raw={raw} id={id} />
        </Card>

        <Card title="2. Documentos">
          <Flex vertical gap={16}>
            <Upload.Dragger
              multiple
              accept={ACCEPT_ATTRIBUTE}
              showUploadList={false}
              fileList={[]}
              beforeUpload={(file, batch) => {
                // Called once per file of a batch: take the whole batch on its first file.
                if (file === batch[0]) queue.add(batch);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Arrastre aquí los archivos o haga clic para elegirlos</p>
              <p className="ant-upload-hint">
                PDF, PNG, JPEG, TIFF, DOCX, XLSX, ODT, ODS, TXT o CSV; hasta {formatNumber(limitMb)} MB por archivo.
              </p>
            </Upload.Dragger>

            {queue.items.length > 0 && (
              <UploadList
                items={queue.items}
                tipos={tiposActivos}
                tiposLoading={tipos.isPending}
                onTipo={queue.setTipo}
                onTipoATodos={queue.applyTipoToAll}
                onCancel={queue.cancel}
                onRemove={queue.remove}
              />
            )}

            <Flex gap={12} align="center" wrap justify="space-between">
              <Flex gap={12} align="center" wrap>
                {finished && (
                  <Typography.Text strong data-testid="subida-resumen">
                    {summaryOf(counts)}
                  </Typography.Text>
                )}
                {usable && counts.subido > 0 && !queue.sending && (
                  <Link to={`/expedientes/ver/${usable.id_expediente}`}>Ver expediente {usable.numero}</Link>
                )}
              </Flex>
              <Flex gap={12} align="center" justify="flex-end" wrap style={{ marginInlineStart: 'auto' }}>
                {!usable && queue.items.length > 0 && (
                  <Typography.Text type="secondary">Elija primero el expediente.</Typography.Text>
                )}
                <Button
                  type="primary"
                  disabled={!usable || ready.length === 0}
                  loading={queue.sending}
                  onClick={() => usable && void queue.send(usable.id_expediente)}
                >
                  {queue.sending
                    ? 'Subiendo…'
                    : ready.length === 0
                      ? 'Subir documentos'
                      : ready.length === 1
                        ? 'Subir 1 documento'
                        : `Subir ${formatNumber(ready.length)} documentos`}
                </Button>
              </Flex>
            </Flex>
          </Flex>
        </Card>
      </Flex>
    </>
  );
}

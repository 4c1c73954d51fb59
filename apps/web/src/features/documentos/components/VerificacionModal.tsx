import { Alert, Button, List, Modal, Spin, Typography } from 'antd';
import type { ResultadoVerificacion } from '@ecodigital/contracts/documentos';
import { formatDateTime, formatNumber } from '../../../lib/format';

function verificacionSummary(resultado: ResultadoVerificacion): string {
  if (resultado.correcto) {
    const n = resultado.documentos_verificados;
    return n === 1
      ? 'Integridad verificada: 1 documento correcto.'
      : `Integridad verificada: ${formatNumber(n)} documentos correctos.`;
  }
  const n = resultado.incidencias.length;
  return n === 1
    ? 'Se ha encontrado 1 incidencia de integridad.'
    : `Se han encontrado ${formatNumber(n)} incidencias de integridad.`;
}

interface Props {
  open: boolean;
  loading: boolean;
  resultado: ResultadoVerificacion | undefined;
  error: string | undefined;
  onClose: () => void;
}

/** The outcome of recomputing every file's SHA-256 and the índice's chain. */
export function VerificacionModal({ open, loading, resultado, error, onClose }: Props) {
  return (
    <Modal
      title="Verificación de integridad"
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Cerrar</Button>}
      destroyOnHidden
    >
      <div data-testid="verificacion-resultado" aria-live="polite">
        {loading && (
          <Spin tip="Recalculando las huellas de los documentos…">
            <div style={{ height: 80 }} />
          </Spin>
        )}
        {!loading && error && <Alert type="error" showIcon title={error} />}
        {!loading && resultado && (
          <>
            <Alert type={resultado.correcto ? 'success' : 'error'} showIcon title={verificacionSummary(resultado)} />
            {resultado.incidencias.length > 0 && (
              <List
                size="small"
                style={{ marginTop: 12 }}
                dataSource={resultado.incidencias}
                renderItem={(incidencia) => (
                  <List.Item>
                    <Typography.Text type="danger">
                      {incidencia.orden !== null && `Nº ${incidencia.orden}`}
                      {incidencia.nombre && ` · ${incidencia.nombre}`}
                      {(incidencia.orden !== null || incidencia.nombre) && ': '}
                      {incidencia.detalle}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Verificado el {formatDateTime(resultado.verificado_en)}.
            </Typography.Paragraph>
          </>
        )}
      </div>
    </Modal>
  );
}

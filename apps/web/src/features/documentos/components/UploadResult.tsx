import { CheckCircleFilled, CloseCircleFilled, WarningOutlined } from '@ant-design/icons';
import { Flex, Progress, Tag, Typography } from 'antd';
import { formatNumber } from '../../../lib/format';
import type { ArchivoEnCola } from '../upload-queue';

/** The state column of one file: pre-check flags, progress, or the server's verdict. */
export function UploadResult({ item }: { item: ArchivoEnCola }) {
  if (item.avisos.length > 0) {
    return (
      <Flex gap={4} wrap data-testid="subida-resultado" data-resultado="bloqueado">
        {item.avisos.map((aviso) => (
          <Tag key={aviso.motivo} color="error" icon={<WarningOutlined />}>
            {aviso.mensaje}
          </Tag>
        ))}
        <Typography.Text type="secondary">No se enviará.</Typography.Text>
      </Flex>
    );
  }
  const outcome = item.outcome;
  switch (item.estado) {
    case 'pendiente':
      return (
        <Typography.Text
          type={item.faltaTipo ? 'danger' : 'secondary'}
          data-testid="subida-resultado"
          data-resultado="pendiente"
        >
          {item.faltaTipo ? 'Elija el tipo documental.' : 'Listo para subir'}
        </Typography.Text>
      );
    case 'en_cola':
      return (
        <Typography.Text type="secondary" data-testid="subida-resultado" data-resultado="en_cola">
          En espera…
        </Typography.Text>
      );
    case 'enviando':
      return (
        <Progress
          percent={item.progreso}
          size="small"
          aria-label={`Progreso de ${item.file.name}`}
          data-testid="subida-progreso"
        />
      );
    case 'cancelado':
      return (
        <Typography.Text type="warning" data-testid="subida-resultado" data-resultado="cancelado">
          Cancelado
        </Typography.Text>
      );
    case 'subido':
      return (
        <Flex vertical data-testid="subida-resultado" data-resultado="subido">
          <Typography.Text type="success">
            <CheckCircleFilled />{' '}
            {outcome?.resultado === 'subido' && outcome.detalle.documento
              ? `Subido como nº ${formatNumber(outcome.detalle.documento.orden)}`
              : 'Subido'}
          </Typography.Text>
          {outcome?.resultado === 'subido' && outcome.detalle.aviso && (
            <Typography.Text type="warning">
              <WarningOutlined /> {outcome.detalle.aviso}
            </Typography.Text>
          )}
        </Flex>
      );
    case 'rechazado':
      return (
        <Typography.Text type="danger" data-testid="subida-resultado" data-resultado="rechazado">
          <CloseCircleFilled /> Rechazado: {outcome?.resultado === 'rechazado' ? outcome.motivo : ''}
        </Typography.Text>
      );
  }
}

import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Modal, Spin, Typography } from 'antd';
import type { DocumentoListado } from '@ecodigital/contracts/documentos';
import type { CopiaAutentica } from '@ecodigital/contracts/verificacion';
import { Fecha } from '../../../components/Fecha';
import { descargaDeCopia } from '../api/crear-copia-autentica';

export interface CopiaAutenticaModalProps {
  /** The document a copy is being made of; null when closed. */
  documento: DocumentoListado | null;
  loading: boolean;
  copia: CopiaAutentica | undefined;
  error: string | undefined;
  onClose: () => void;
}

/** The copia auténtica just made: its Código Seguro de Verificación, where it is checked, and the copy again. */
export function CopiaAutenticaModal({ documento, loading, copia, error, onClose }: CopiaAutenticaModalProps) {
  return (
    <Modal
      open={documento !== null}
      title={documento ? `Copia auténtica de «${documento.nombre}»` : 'Copia auténtica'}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Cerrar</Button>}
      destroyOnHidden
    >
      {loading ? (
        <Spin>
          <Typography.Paragraph>Haciendo y firmando la copia auténtica…</Typography.Paragraph>
        </Spin>
      ) : error ? (
        <Alert type="error" showIcon title={error} />
      ) : copia ? (
        <>
          <Typography.Paragraph>
            La copia lleva en cada página su código seguro de verificación, un código QR y la dirección donde
            comprobarla, y está firmada con el sello de la institución. Se ha descargado; puede volver a descargarla.
          </Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Código seguro de verificación">
              <Typography.Text code copyable data-testid="copia-csv">
                {copia.csv}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Dirección de verificación">
              <Typography.Link href={copia.url_verificacion} target="_blank" rel="noreferrer">
                {copia.url_verificacion}
              </Typography.Link>
            </Descriptions.Item>
            <Descriptions.Item label="Fecha">
              <Fecha value={copia.creada_en} />
            </Descriptions.Item>
            <Descriptions.Item label="Páginas">{copia.paginas}</Descriptions.Item>
          </Descriptions>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={`/api${descargaDeCopia(copia.csv)}`}
            style={{ marginTop: 16 }}
          >
            Descargar la copia auténtica (PDF)
          </Button>
        </>
      ) : null}
    </Modal>
  );
}

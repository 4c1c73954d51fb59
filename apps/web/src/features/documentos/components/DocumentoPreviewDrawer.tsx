import { Alert, Button, Drawer, Flex, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { Documento } from '@ecodigital/contracts/documentos';
import { useVistaDocumento } from '../api/get-vista-documento';

/** An object URL for the blob, revoked when the blob changes or the drawer closes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

function Preview({ documento }: { documento: Documento }) {
  const vista = useVistaDocumento(documento);
  const url = useObjectUrl(vista.data);
  if (vista.isError) return <Alert type="error" showIcon title={vista.error.message} />;
  if (!url) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip="Cargando la vista previa…">
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </Flex>
    );
  }
  if (documento.formato === 'PDF') {
    return (
      <iframe
        src={url}
        title={`Vista previa de ${documento.nombre}`}
        data-testid="vista-previa-pdf"
        style={{ width: '100%', height: '100%', minHeight: 480, border: 0 }}
      />
    );
  }
  return (
    <Flex justify="center" align="flex-start" style={{ height: '100%', overflow: 'auto' }}>
      <img
        src={url}
        alt={documento.nombre}
        data-testid="vista-previa-imagen"
        style={{ maxWidth: '100%', height: 'auto' }}
      />
    </Flex>
  );
}

interface Props {
  documento: Documento | null;
  onClose: () => void;
  onDownload: (documento: Documento) => void;
}

/** Side panel showing a PDF or an image fetched with the token; nothing is left in memory after closing. */
export function DocumentoPreviewDrawer({ documento, onClose, onDownload }: Props) {
  return (
    <Drawer
      open={documento !== null}
      onClose={onClose}
      title={documento ? `Nº ${documento.orden} · ${documento.nombre}` : ''}
      size="large"
      destroyOnHidden
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      extra={documento && <Button onClick={() => onDownload(documento)}>Descargar</Button>}
    >
      {documento && <Preview key={documento.id_documento} documento={documento} />}
    </Drawer>
  );
}

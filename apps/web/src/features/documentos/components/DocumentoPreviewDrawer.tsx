import { Alert, Button, Drawer, Flex, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { Documento } from '@ecodigital/contracts/documentos';

/** What the preview needs of a document (a row of the índice or a search result). */
export type DocumentoPrevisualizable = Pick<Documento, 'id_documento' | 'orden' | 'nombre' | 'mime' | 'formato'>;
import { useVistaDocumento } from '../api/get-vista-documento';

/**
 * Shows a blob through an object URL made once for this blob (render it with a `key` that changes
 * with the blob) and revoked when it goes: nothing is left in memory after closing.
 */
function ObjectUrl({ blob, children }: { blob: Blob; children: (url: string) => ReactNode }) {
  const [url] = useState(() => URL.createObjectURL(blob));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return children(url);
}

function Preview({ documento }: { documento: DocumentoPrevisualizable }) {
  const vista = useVistaDocumento(documento);
  if (vista.isError) return <Alert type="error" showIcon title={vista.error.message} />;
  if (!vista.data) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip="Cargando la vista previa…">
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </Flex>
    );
  }
  return (
    <ObjectUrl key={vista.dataUpdatedAt} blob={vista.data}>
      {(url) => <Shown documento={documento} url={url} />}
    </ObjectUrl>
  );
}

function Shown({ documento, url }: { documento: DocumentoPrevisualizable; url: string }) {
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
  documento: DocumentoPrevisualizable | null;
  onClose: () => void;
  onDownload: (documento: DocumentoPrevisualizable) => void;
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

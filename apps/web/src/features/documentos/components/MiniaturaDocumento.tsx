import { FileTextOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useMiniatura } from '../api/get-miniatura';

function ImagenDeBlob({ blob, alt }: { blob: Blob; alt: string }) {
  const [url] = useState(() => URL.createObjectURL(blob));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={alt} className="documento-miniatura" data-testid="documento-miniatura" />;
}

/** The first page of a PDF or image, small; a plain icon while there is none. */
export function MiniaturaDocumento({
  id_documento,
  nombre,
  disponible,
}: {
  id_documento: number;
  nombre: string;
  disponible: boolean;
}) {
  const miniatura = useMiniatura(id_documento, disponible);
  if (!disponible || !miniatura.data) {
    return (
      <span className="documento-miniatura documento-miniatura-vacia" aria-hidden="true">
        <FileTextOutlined />
      </span>
    );
  }
  return <ImagenDeBlob key={miniatura.dataUpdatedAt} blob={miniatura.data} alt={`Miniatura de ${nombre}`} />;
}

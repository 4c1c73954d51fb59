import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { DocumentoListado } from '@ecodigital/contracts/documentos';
import { Fecha } from '../../../components/Fecha';
import { formatFileSize } from '../../../lib/format-size';
import { TextoDelDocumento } from './EstadoTextoTag';
import { HuellaText } from './HuellaText';
import { MiniaturaDocumento } from './MiniaturaDocumento';

export interface DocumentosTarjetasProps {
  documentos: DocumentoListado[] | undefined;
  cargando: boolean;
  descargar: boolean;
  acciones: (documento: DocumentoListado) => ReactNode;
  nombre: (documento: DocumentoListado) => ReactNode;
}

/** The índice on a narrow screen: one card per document, its actions written out underneath. */
export function DocumentosTarjetas({ documentos, cargando, descargar, acciones, nombre }: DocumentosTarjetasProps) {
  if (cargando) return <Skeleton active />;
  if (!documentos?.length) return <Empty description="Este expediente aún no tiene documentos." />;
  return (
    <ol className="documentos-tarjetas" aria-label="Documentos del expediente">
      {documentos.map((documento) => (
        <li key={documento.id_documento}>
          <Card
            size="small"
            className={documento.anulado ? 'documento-anulado' : undefined}
            data-testid="documento-fila"
            data-orden={documento.orden}
          >
            <Flex gap={10} align="flex-start">
              <MiniaturaDocumento
                id_documento={documento.id_documento}
                nombre={documento.nombre}
                disponible={documento.miniatura && descargar}
              />
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Typography.Text type="secondary">Nº {documento.orden}</Typography.Text>
                {nombre(documento)}
              </Flex>
            </Flex>
            <dl className="documento-datos">
              <dt>Tipo</dt>
              <dd>{documento.tipo_documental.nombre}</dd>
              <dt>Incorporación</dt>
              <dd>
                <Fecha value={documento.fecha_incorporacion} conHora />
              </dd>
              <dt>Tamaño</dt>
              <dd>
                {formatFileSize(documento.tamano)} · {documento.formato}
              </dd>
              <dt>Texto</dt>
              <dd>
                <TextoDelDocumento documento={documento} />
              </dd>
              <dt>Huella</dt>
              <dd>
                <HuellaText huella={documento.huella} />
              </dd>
            </dl>
            {acciones(documento)}
          </Card>
        </li>
      ))}
    </ol>
  );
}

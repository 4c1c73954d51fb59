import { Button, Empty, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PaginaBusqueda, ResultadoBusqueda, TrozoFragmento } from '@ecodigital/contracts/documentos';
import { Fecha } from '../../../components/Fecha';
import { paginationItemRender } from '../../../components/pagination-item-render';
import { formatNumber } from '../../../lib/format';
import { isPreviewable } from '../access';
import { POR_PAGINA_BUSQUEDA } from '../api/buscar-documentos';
import { useDownloadDocumento } from '../api/download-documento';
import { useDocumentosAccess } from '../hooks/use-documentos-access';
import { DocumentoPreviewDrawer, type DocumentoPrevisualizable } from './DocumentoPreviewDrawer';
import { EstadoTextoTag } from './EstadoTextoTag';
import { MiniaturaDocumento } from './MiniaturaDocumento';
import './documentos.css';

/** The fragment as text, the matched words in `<mark>`: nothing from a document is ever rendered as markup. */
function Fragmento({ trozos }: { trozos: TrozoFragmento[] }) {
  return (
    <Typography.Paragraph className="fragmento-busqueda" style={{ marginBottom: 0 }} data-testid="fragmento">
      {trozos.map((trozo, i) =>
        trozo.resaltado ? <mark key={i}>{trozo.texto}</mark> : <span key={i}>{trozo.texto}</span>,
      )}
    </Typography.Paragraph>
  );
}

/** «12 documentos contienen «licencia»», «Más de 200…», or the names-only wording. */
export function resumenBusqueda(datos: PaginaBusqueda, q: string, contenido: boolean): string {
  const total = `${datos.totalExacto ? '' : 'Más de '}${formatNumber(datos.total)}`;
  const uno = datos.total === 1;
  return contenido
    ? `${total} ${uno ? 'documento contiene' : 'documentos contienen'} «${q}»`
    : `${total} ${uno ? 'documento tiene' : 'documentos tienen'} «${q}» en su nombre`;
}

interface Props {
  q: string;
  datos: PaginaBusqueda | undefined;
  cargando: boolean;
  page: number;
  onPage: (page: number) => void;
}

/**
 * Documents whose content matches `q`, in the expedientes the person sees: which expediente, which
 * document, where the words appear. A click on a previewable document opens its preview.
 */
export function ResultadosBusqueda({ q, datos, cargando, page, onPage }: Props) {
  const access = useDocumentosAccess();
  const download = useDownloadDocumento();
  const [preview, setPreview] = useState<DocumentoPrevisualizable | null>(null);
  const abrir = (resultado: ResultadoBusqueda) =>
    access.descargar && isPreviewable(resultado.formato) ? () => setPreview(resultado) : undefined;

  return (
    <section aria-label="Documentos que contienen la búsqueda" data-testid="resultados-contenido">
      <h2 className="resultados-busqueda-titulo" aria-live="polite">
        {datos ? resumenBusqueda(datos, q, access.descargar) : 'Buscando en los documentos…'}
      </h2>
      {!access.descargar && (
        // The API searches only the names for them: their text is not theirs to read.
        <Typography.Paragraph type="secondary" data-testid="busqueda-solo-nombres">
          Sin el permiso de abrir documentos, la búsqueda mira solo sus nombres, no su contenido.
        </Typography.Paragraph>
      )}
      <List<ResultadoBusqueda>
        loading={cargando}
        dataSource={datos?.items ?? []}
        locale={{
          emptyText: (
            <Empty
              description={
                access.descargar
                  ? 'Ningún documento contiene esas palabras con estos filtros.'
                  : 'Ningún nombre de documento contiene esas palabras con estos filtros.'
              }
            />
          ),
        }}
        pagination={
          datos && datos.total > POR_PAGINA_BUSQUEDA
            ? {
                current: page,
                pageSize: POR_PAGINA_BUSQUEDA,
                total: datos.total,
                onChange: onPage,
                showSizeChanger: false,
                itemRender: paginationItemRender,
              }
            : false
        }
        renderItem={(resultado) => {
          const alAbrir = abrir(resultado);
          return (
            <List.Item key={resultado.id_documento} data-testid="resultado-contenido">
              <Flex gap={12} align="flex-start" style={{ width: '100%' }}>
                <MiniaturaDocumento
                  id_documento={resultado.id_documento}
                  nombre={resultado.nombre}
                  disponible={resultado.miniatura && access.descargar}
                />
                <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Flex gap={8} wrap align="baseline">
                    {alAbrir ? (
                      <Button type="link" className="resultado-contenido-nombre" onClick={alAbrir}>
                        Nº {resultado.orden} · {resultado.nombre}
                      </Button>
                    ) : (
                      <Typography.Text strong className="resultado-contenido-nombre">
                        Nº {resultado.orden} · {resultado.nombre}
                      </Typography.Text>
                    )}
                    {resultado.anulado && <Tag color="red">Anulado</Tag>}
                  </Flex>
                  <Flex gap={8} wrap align="center">
                    <Typography.Text type="secondary">
                      {resultado.tipo_documental} · incorporado el <Fecha value={resultado.fecha_incorporacion} />
                    </Typography.Text>
                    {resultado.estado_texto !== 'indexado' && (
                      <EstadoTextoTag estado={resultado.estado_texto} motivo={null} />
                    )}
                  </Flex>
                  <Typography.Text>
                    Expediente{' '}
                    <Link
                      to={`/expedientes/ver/${resultado.expediente.id_expediente}`}
                      className="resultado-contenido-numero"
                    >
                      {resultado.expediente.numero}
                    </Link>
                    {' · '}
                    {resultado.expediente.asunto}
                  </Typography.Text>
                  {resultado.fragmento.length > 0 ? (
                    <Fragmento trozos={resultado.fragmento} />
                  ) : (
                    <Typography.Text type="secondary">Coincide el nombre del documento.</Typography.Text>
                  )}
                </Flex>
              </Flex>
            </List.Item>
          );
        }}
      />
      <DocumentoPreviewDrawer
        documento={preview}
        onClose={() => setPreview(null)}
        onDownload={(d) => download.mutate(d)}
      />
    </section>
  );
}

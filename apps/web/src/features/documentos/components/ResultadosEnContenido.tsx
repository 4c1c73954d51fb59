import { Alert, Button, Empty, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ResultadoBusqueda, TrozoFragmento } from '@ecodigital/contracts/documentos';
import { apiErrorMessage } from '../../../lib/api-client';
import { isPreviewable } from '../access';
import { POR_PAGINA_BUSQUEDA, useBusquedaDocumentos } from '../api/buscar-documentos';
import { useDownloadDocumento } from '../api/download-documento';
import { useDocumentosAccess } from '../hooks/use-documentos-access';
import { DocumentoPreviewDrawer, type DocumentoPrevisualizable } from './DocumentoPreviewDrawer';
import { MiniaturaDocumento } from './MiniaturaDocumento';
import { paginationItemRender } from '../../../components/pagination-item-render';
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

const numero = new Intl.NumberFormat('es-ES', { useGrouping: 'always' } as Intl.NumberFormatOptions);

/**
 * Documents whose content matches `q`, in the expedientes the person sees: which expediente, which
 * document, where the words appear. A click on a previewable document opens its preview.
 */
export function ResultadosEnContenido({ q }: { q: string }) {
  const [page, setPage] = useState(1);
  const busqueda = useBusquedaDocumentos(q, page);
  const access = useDocumentosAccess();
  const download = useDownloadDocumento();
  const [preview, setPreview] = useState<DocumentoPrevisualizable | null>(null);

  if (busqueda.isError) {
    return <Alert type="error" showIcon title={apiErrorMessage(busqueda.error)} />;
  }
  const datos = busqueda.data;
  const total = datos ? `${datos.totalExacto ? '' : 'Más de '}${numero.format(datos.total)}` : '';
  const abrir = (resultado: ResultadoBusqueda) =>
    access.descargar && isPreviewable(resultado.formato) ? () => setPreview(resultado) : undefined;

  return (
    <section aria-label="Documentos que contienen la búsqueda" data-testid="resultados-contenido">
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        {datos
          ? access.descargar
            ? `${total} ${datos.total === 1 ? 'documento contiene' : 'documentos contienen'} «${q}»`
            : `${total} ${datos.total === 1 ? 'documento tiene' : 'documentos tienen'} «${q}» en su nombre`
          : 'Buscando en los documentos…'}
      </Typography.Title>
      {!access.descargar && (
        // The API searches only the names for them: their text is not theirs to read.
        <Typography.Paragraph type="secondary" data-testid="busqueda-solo-nombres">
          Sin el permiso de abrir documentos, la búsqueda mira solo sus nombres, no su contenido.
        </Typography.Paragraph>
      )}
      <List<ResultadoBusqueda>
        loading={busqueda.isFetching}
        dataSource={datos?.items ?? []}
        locale={{
          emptyText: (
            <Empty
              description={
                access.descargar
                  ? 'Ningún documento contiene esas palabras.'
                  : 'Ningún nombre de documento contiene esas palabras.'
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
                onChange: setPage,
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
                      <Typography.Text strong>
                        Nº {resultado.orden} · {resultado.nombre}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary">{resultado.tipo_documental}</Typography.Text>
                    {resultado.anulado && <Tag color="red">Anulado</Tag>}
                  </Flex>
                  <Typography.Text>
                    Expediente{' '}
                    <Link to={`/expedientes/ver/${resultado.expediente.id_expediente}`}>
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

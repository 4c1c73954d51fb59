import {
  CloudUploadOutlined,
  DownloadOutlined,
  DownOutlined,
  ExportOutlined,
  FilePdfOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Dropdown,
  Empty,
  Flex,
  Grid,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Documento, DocumentoListado } from '@ecodigital/contracts/documentos';
import type { EstadoExpediente } from '@ecodigital/contracts/expedientes';
import { apiErrorMessage } from '../../../lib/api-client';
import { Fecha } from '../../../components/Fecha';
import { formatFileSize } from '../../../lib/format-size';
import { canUpload, documentoActions } from '../access';
import { useAnularDocumento } from '../api/anular-documento';
import { useCrearCopiaAutentica } from '../api/crear-copia-autentica';
import { useDownloadDocumento } from '../api/download-documento';
import { useDownloadExpedienteEni } from '../api/download-expediente-eni';
import { useDownloadExpedienteFoliado } from '../api/download-expediente-foliado';
import { useDownloadIndice } from '../api/download-indice';
import { useDocumentos } from '../api/get-documentos';
import { useVerificarIntegridad } from '../api/verificar-integridad';
import { useDocumentosAccess } from '../hooks/use-documentos-access';
import { AnularDocumentoModal } from './AnularDocumentoModal';
import { CopiaAutenticaModal } from './CopiaAutenticaModal';
import { DocumentoAcciones } from './DocumentoAcciones';
import { DocumentosTarjetas } from './DocumentosTarjetas';
import { DocumentoPreviewDrawer } from './DocumentoPreviewDrawer';
import { TextoDelDocumento } from './EstadoTextoTag';
import { MiniaturaDocumento } from './MiniaturaDocumento';
import { HuellaText } from './HuellaText';
import { VerificacionModal } from './VerificacionModal';
import './documentos.css';

export interface DocumentosTabProps {
  id_expediente: number;
  numero: string;
  estado: EstadoExpediente;
  /** Whether the caller may change this expediente (upload, anular), not only see it. */
  gestion: boolean;
  /** After a document is voided: the expediente's historial and last update changed with it. */
  onChanged?: () => void;
}

function NombreDocumento({ documento }: { documento: Documento }) {
  if (documento.eliminado) {
    return (
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary" className="documento-nombre">
          {documento.nombre}
        </Typography.Text>
        <Tag color="volcano" data-testid="documento-eliminado">
          Eliminado (acta {documento.eliminado.acta})
        </Tag>
      </Flex>
    );
  }
  if (!documento.anulado) return <Typography.Text className="documento-nombre">{documento.nombre}</Typography.Text>;
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text delete className="documento-nombre">
        {documento.nombre}
      </Typography.Text>
      <Tooltip title={`Motivo: ${documento.motivo_anulacion ?? '—'}`}>
        <Tag color="red" tabIndex={0} data-testid="documento-anulado">
          Anulado
        </Tag>
      </Tooltip>
    </Flex>
  );
}

/** The expediente's índice electrónico with preview, download, anulación and integrity check. */
export function DocumentosTab({ id_expediente, numero, estado, gestion, onChanged }: DocumentosTabProps) {
  const access = useDocumentosAccess();
  const navigate = useNavigate();
  const documentos = useDocumentos(id_expediente);
  const download = useDownloadDocumento();
  const downloadIndice = useDownloadIndice();
  const exportarEni = useDownloadExpedienteEni();
  const foliado = useDownloadExpedienteFoliado();
  const copiaAutentica = useCrearCopiaAutentica();
  const [copiando, setCopiando] = useState<DocumentoListado | null>(null);
  const anular = useAnularDocumento(id_expediente, onChanged);
  const verificar = useVerificarIntegridad(id_expediente);
  const [preview, setPreview] = useState<Documento | null>(null);
  const [anulando, setAnulando] = useState<Documento | null>(null);
  const [verificando, setVerificando] = useState(false);
  // Below 768 px a row of eight columns cannot fit: each document becomes a card.
  const ancha = Grid.useBreakpoint().md !== false;

  function startVerification() {
    setVerificando(true);
    verificar.mutate();
  }

  const accionesDe = (documento: DocumentoListado) => documentoActions(documento, { estado, gestion }, access);
  const botones = (documento: DocumentoListado, conTexto = false) => (
    <DocumentoAcciones
      documento={documento}
      acciones={accionesDe(documento)}
      conTexto={conTexto}
      descargando={download.isPending && download.variables?.id_documento === documento.id_documento}
      onPrevisualizar={() => setPreview(documento)}
      onDescargar={() => download.mutate(documento)}
      onCopiaAutentica={() => {
        setCopiando(documento);
        copiaAutentica.mutate(documento);
      }}
      onAnular={() => setAnulando(documento)}
    />
  );
  // Without any action on any row the column would stand empty: the notice above says why.
  const conAcciones = (documentos.data ?? []).some((documento) => accionesDe(documento).length > 0);

  const columns: TableColumnsType<DocumentoListado> = [
    { title: 'Nº', dataIndex: 'orden', key: 'orden', width: 52, align: 'right' },
    {
      title: 'Nombre',
      key: 'nombre',
      render: (_, documento) => (
        <Flex gap={10} align="center">
          <MiniaturaDocumento
            id_documento={documento.id_documento}
            nombre={documento.nombre}
            disponible={documento.miniatura && access.descargar}
          />
          <NombreDocumento documento={documento} />
        </Flex>
      ),
    },
    { title: 'Tipo', key: 'tipo', render: (_, documento) => documento.tipo_documental.nombre },
    {
      title: 'Incorporación',
      key: 'fecha',
      width: 116,
      // One line in the table, which has the room (the cards below 768 px let the time go below).
      render: (_, documento) => (
        <span className="documento-sin-corte">
          <Fecha value={documento.fecha_incorporacion} conHora />
        </span>
      ),
    },
    {
      title: 'Tamaño',
      key: 'tamano',
      width: 96,
      align: 'right',
      render: (_, documento) => (
        <Flex vertical align="flex-end">
          <span className="documento-sin-corte">{formatFileSize(documento.tamano)}</span>
          <Typography.Text type="secondary">{documento.formato}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Texto',
      key: 'texto',
      width: 150,
      render: (_, documento) => <TextoDelDocumento documento={documento} />,
    },
    {
      title: 'Huella (SHA-256)',
      key: 'huella',
      width: 150,
      render: (_, documento) => <HuellaText huella={documento.huella} />,
    },
    ...(conAcciones
      ? [
          {
            title: 'Acciones',
            key: 'acciones',
            width: 160,
            render: (_: unknown, documento: DocumentoListado) => botones(documento),
          },
        ]
      : []),
  ];

  const hayDocumentos = (documentos.data?.length ?? 0) > 0;

  return (
    <Flex vertical gap={12} data-testid="documentos-tab">
      <Flex gap={8} wrap justify="flex-end">
        {canUpload({ estado, gestion }, access) && (
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            onClick={() => void navigate(`/subir-documentos?expediente=${id_expediente}`)}
          >
            Subir documentos
          </Button>
        )}
        {access.verificar && (
          <Button icon={<SafetyCertificateOutlined />} onClick={startVerification} disabled={!hayDocumentos}>
            Verificar integridad
          </Button>
        )}
        <Dropdown
          disabled={!hayDocumentos}
          menu={{
            items: [
              { key: 'pdf', label: 'Índice en PDF' },
              { key: 'json', label: 'Índice en JSON' },
            ],
            onClick: ({ key }) => downloadIndice.mutate({ id_expediente, numero, formato: key as 'pdf' | 'json' }),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={downloadIndice.isPending}>
            Descargar índice <DownOutlined />
          </Button>
        </Dropdown>
        {access.descargar && (
          <Tooltip title="Todo el expediente en un solo PDF para entregarlo a un juzgado o a un ciudadano: el índice primero y cada documento en su orden, cada página numerada «Folio n de N»">
            <Button
              icon={<FilePdfOutlined />}
              disabled={!hayDocumentos}
              loading={foliado.isPending}
              onClick={() => foliado.mutate({ id_expediente, numero })}
            >
              Descargar foliado (PDF)
            </Button>
          </Tooltip>
        )}
        {access.exportarEni && (
          <Tooltip title="Expediente electrónico ENI (ZIP) para remitirlo a otra administración: índice firmado, documentos y metadatos">
            <Button
              icon={<ExportOutlined />}
              loading={exportarEni.isPending}
              onClick={() => exportarEni.mutate({ id_expediente, numero })}
            >
              Exportar ENI
            </Button>
          </Tooltip>
        )}
      </Flex>

      {documentos.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar los documentos."
          action={<Button onClick={() => void documentos.refetch()}>Reintentar</Button>}
        />
      ) : (
        <>
          {!access.descargar && (
            <Alert
              type="info"
              showIcon
              data-testid="documentos-sin-descarga"
              title="Puede ver el índice de documentos, pero su perfil no incluye descargarlos ni previsualizarlos."
              description="Si lo necesita, pídalo a quien administra los permisos (permiso «Descargar documentos»)."
            />
          )}
          {ancha ? (
            <Table<DocumentoListado>
              rowKey="id_documento"
              size="middle"
              className="documentos-tabla"
              columns={columns}
              dataSource={documentos.data ?? []}
              loading={documentos.isPending}
              pagination={false}
              rowClassName={(documento) => (documento.anulado ? 'documento-anulado' : '')}
              onRow={(documento) =>
                ({
                  'data-testid': 'documento-fila',
                  'data-orden': documento.orden,
                }) as React.HTMLAttributes<HTMLElement>
              }
              locale={{ emptyText: <Empty description="Este expediente aún no tiene documentos." /> }}
            />
          ) : (
            <DocumentosTarjetas
              documentos={documentos.data}
              cargando={documentos.isPending}
              descargar={access.descargar}
              acciones={(documento) => (accionesDe(documento).length > 0 ? botones(documento, true) : null)}
              nombre={(documento) => <NombreDocumento documento={documento} />}
            />
          )}
        </>
      )}

      <DocumentoPreviewDrawer
        documento={preview}
        onClose={() => setPreview(null)}
        onDownload={(documento) => download.mutate(documento)}
      />
      <AnularDocumentoModal
        documento={anulando}
        saving={anular.isPending}
        onConfirm={(motivo) => anular.mutateAsync({ id_documento: anulando!.id_documento, motivo })}
        onClose={() => setAnulando(null)}
      />
      <CopiaAutenticaModal
        documento={copiando}
        loading={copiaAutentica.isPending}
        copia={copiaAutentica.data}
        error={copiaAutentica.isError ? apiErrorMessage(copiaAutentica.error) : undefined}
        onClose={() => {
          setCopiando(null);
          copiaAutentica.reset();
        }}
      />
      <VerificacionModal
        open={verificando}
        loading={verificar.isPending}
        resultado={verificar.data}
        error={verificar.isError ? apiErrorMessage(verificar.error) : undefined}
        onClose={() => setVerificando(false)}
      />
    </Flex>
  );
}

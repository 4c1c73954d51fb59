import { DeleteOutlined, DownloadOutlined, EyeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import type { DocumentoListado } from '@ecodigital/contracts/documentos';
import type { AccionDocumento } from '../access';

export interface DocumentoAccionesProps {
  documento: DocumentoListado;
  acciones: AccionDocumento[];
  descargando: boolean;
  /** On a card the buttons carry their words; in the table only an icon with a tooltip. */
  conTexto?: boolean;
  onPrevisualizar: () => void;
  onDescargar: () => void;
  /** Makes a copia auténtica (CSV, QR and seal on every page). */
  onCopiaAutentica: () => void;
  onAnular: () => void;
}

/** The buttons of one document: previsualizar, descargar, copia auténtica, anular, in that order. */
export function DocumentoAcciones({
  documento,
  acciones,
  descargando,
  conTexto = false,
  onPrevisualizar,
  onDescargar,
  onCopiaAutentica,
  onAnular,
}: DocumentoAccionesProps) {
  const boton = (accion: AccionDocumento, etiqueta: string, icon: React.ReactNode, onClick: () => void) => {
    const button = (
      <Button
        key={accion}
        type={conTexto ? 'default' : 'text'}
        size={conTexto ? 'small' : 'middle'}
        danger={accion === 'anular'}
        icon={icon}
        aria-label={`${etiqueta} ${documento.nombre}`}
        loading={accion === 'descargar' && descargando}
        onClick={onClick}
      >
        {conTexto ? etiqueta : null}
      </Button>
    );
    return conTexto ? (
      button
    ) : (
      <Tooltip key={accion} title={etiqueta}>
        {button}
      </Tooltip>
    );
  };
  return (
    <Flex gap={conTexto ? 8 : 0} wrap>
      {acciones.includes('previsualizar') && boton('previsualizar', 'Previsualizar', <EyeOutlined />, onPrevisualizar)}
      {acciones.includes('descargar') && boton('descargar', 'Descargar', <DownloadOutlined />, onDescargar)}
      {acciones.includes('copia') && boton('copia', 'Copia auténtica', <SafetyCertificateOutlined />, onCopiaAutentica)}
      {acciones.includes('anular') && boton('anular', 'Anular', <DeleteOutlined />, onAnular)}
    </Flex>
  );
}

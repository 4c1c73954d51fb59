import { Flex, Tag, Typography } from 'antd';
import type { DocumentoListado } from '@ecodigital/contracts/documentos';
import { ETIQUETAS_ESTADO_TEXTO, type EstadoTexto } from '@ecodigital/contracts/documentos.rules';

// Dark text on a light tint (as the estado tags), readable at WCAG AA.
const ESTILOS: Record<EstadoTexto, { color: string; background: string; borderColor: string }> = {
  pendiente: { color: '#0b4a8b', background: '#e6f4ff', borderColor: '#91caff' },
  indexado: { color: '#1f5f0a', background: '#f0fae8', borderColor: '#b7eb8f' },
  sin_texto: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
};

/**
 * The state of a document's text: «indexado», «pendiente», «sin texto (OCR no disponible)», «error»
 * with its reason written underneath (a tooltip alone hides it from touch screens and from print).
 */
export function EstadoTextoTag({ estado, motivo }: { estado: EstadoTexto; motivo: string | null }) {
  const tag = (
    <Tag style={{ ...ESTILOS[estado], marginInlineEnd: 0 }} data-testid="estado-texto" data-estado={estado}>
      {ETIQUETAS_ESTADO_TEXTO[estado]}
      {estado === 'sin_texto' && motivo ? ` (${motivo})` : ''}
    </Tag>
  );
  if (estado !== 'error' || !motivo) return tag;
  return (
    <Flex vertical gap={2} align="flex-start">
      {tag}
      <Typography.Text type="danger" className="estado-texto-motivo" data-testid="estado-texto-motivo">
        {motivo}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The state of a document's text, or a dash once an acta de eliminación destroyed its content: its
 * text went with the bytes, and nothing will extract it again (its row would read «pendiente» forever).
 */
export function TextoDelDocumento({ documento }: { documento: Pick<DocumentoListado, 'texto' | 'eliminado'> }) {
  if (documento.eliminado) return <Typography.Text type="secondary">—</Typography.Text>;
  return <EstadoTextoTag estado={documento.texto.estado} motivo={documento.texto.motivo} />;
}

import { Tag, Tooltip } from 'antd';
import { describirEstadoTexto, ETIQUETAS_ESTADO_TEXTO, type EstadoTexto } from '@ecodigital/contracts/documentos.rules';

// Dark text on a light tint (as the estado tags), readable at WCAG AA.
const ESTILOS: Record<EstadoTexto, { color: string; background: string; borderColor: string }> = {
  pendiente: { color: '#0b4a8b', background: '#e6f4ff', borderColor: '#91caff' },
  indexado: { color: '#1f5f0a', background: '#f0fae8', borderColor: '#b7eb8f' },
  sin_texto: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
};

/** The state of a document's text: «indexado», «pendiente», «sin texto (OCR no disponible)», «error (…)». */
export function EstadoTextoTag({ estado, motivo }: { estado: EstadoTexto; motivo: string | null }) {
  const descripcion = describirEstadoTexto(estado, motivo);
  const tag = (
    <Tag style={ESTILOS[estado]} data-testid="estado-texto" data-estado={estado} tabIndex={motivo ? 0 : undefined}>
      {ETIQUETAS_ESTADO_TEXTO[estado]}
      {estado === 'sin_texto' && motivo ? ` (${motivo})` : ''}
    </Tag>
  );
  return estado === 'error' && motivo ? <Tooltip title={descripcion}>{tag}</Tooltip> : tag;
}

import { Tag } from 'antd';
import { ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes';

/** Dark text on a light tint: antd's preset tag colours (gold especially) fail WCAG AA contrast. */
const ESTADO_ESTILOS: Record<EstadoExpediente, { color: string; background: string; borderColor: string }> = {
  abierto: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  en_tramite: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  cerrado: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  archivado: { color: '#3f3f46', background: '#f4f4f5', borderColor: '#d4d4d8' },
};

export function EstadoTag({ estado }: { estado: EstadoExpediente }) {
  return (
    <Tag data-estado={estado} style={{ ...ESTADO_ESTILOS[estado], marginInlineEnd: 0 }}>
      {ESTADO_ETIQUETAS[estado]}
    </Tag>
  );
}

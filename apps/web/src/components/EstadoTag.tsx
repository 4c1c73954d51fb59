import { theme } from 'antd';
import { ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes.rules';

/** Dark text on a light tint: antd's preset tag colours (gold especially) fail WCAG AA contrast. */
const ESTADO_ESTILOS: Record<EstadoExpediente, { color: string; background: string; borderColor: string }> = {
  abierto: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  en_tramite: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  cerrado: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  archivado: { color: '#3f3f46', background: '#f4f4f5', borderColor: '#d4d4d8' },
};

/**
 * Drawn like antd's Tag with the theme's tokens (same box, font and border) but without the Tag
 * component, whose code and styles would otherwise load with Inicio's first screen.
 */
export function EstadoTag({ estado }: { estado: EstadoExpediente }) {
  const { token } = theme.useToken();
  const { color, background, borderColor } = ESTADO_ESTILOS[estado];
  return (
    <span
      data-estado={estado}
      style={{
        boxSizing: 'border-box',
        display: 'inline-block',
        margin: 0,
        paddingInline: 8 - token.lineWidth,
        fontFamily: token.fontFamily,
        fontSize: token.fontSizeSM,
        lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
        whiteSpace: 'nowrap',
        textAlign: 'start',
        position: 'relative',
        color,
        background,
        border: `${token.lineWidth}px ${token.lineType} ${borderColor}`,
        borderRadius: token.borderRadiusSM,
      }}
    >
      {ESTADO_ETIQUETAS[estado]}
    </span>
  );
}

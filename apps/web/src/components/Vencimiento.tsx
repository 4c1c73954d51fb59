import { theme } from 'antd';
import type { EstadoPlazo } from '@ecodigital/contracts/plazos.rules';

/** `aaaa-mm-dd` as people read it. */
export const diaEs = (dia: string) => dia.split('-').reverse().join('/');

const ESTADO_PLAZO_ETIQUETAS: Record<EstadoPlazo, string> = {
  en_plazo: 'En plazo',
  vence_hoy: 'Vence hoy',
  vencido: 'Vencido',
  suspendido: 'Suspendido',
  concluido: 'Concluido',
};

/** Dark text on a light tint (AA contrast), as `EstadoTag`. */
const ESTILOS: Partial<Record<EstadoPlazo, { color: string; background: string; borderColor: string }>> = {
  vencido: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  vence_hoy: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  suspendido: { color: '#3f3f46', background: '#f4f4f5', borderColor: '#d4d4d8' },
};

/** Where a plazo stands, as a tag; nothing while it simply runs (the date says enough). */
function EstadoPlazoTag({ estado }: { estado: EstadoPlazo }) {
  const { token } = theme.useToken();
  const estilo = ESTILOS[estado];
  if (!estilo) return null;
  return (
    <span
      data-estado-plazo={estado}
      style={{
        display: 'inline-block',
        paddingInline: 8 - token.lineWidth,
        fontSize: token.fontSizeSM,
        lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
        whiteSpace: 'nowrap',
        color: estilo.color,
        background: estilo.background,
        border: `${token.lineWidth}px ${token.lineType} ${estilo.borderColor}`,
        borderRadius: token.borderRadiusSM,
      }}
    >
      {ESTADO_PLAZO_ETIQUETAS[estado]}
    </span>
  );
}

/** An expediente's last day (`dd/mm/aaaa`) and, when it is past, today or suspended, a tag saying so. */
export function Vencimiento({
  plazo,
  apilado = false,
}: {
  plazo: { fecha_limite: string; estado: EstadoPlazo } | null;
  /** The tag under the date, where the row is narrow (Inicio). */
  apilado?: boolean;
}) {
  if (!plazo) return <span aria-label="Sin plazo">—</span>;
  return (
    <span
      data-vence={plazo.fecha_limite}
      style={{
        display: 'inline-flex',
        flexWrap: 'wrap',
        flexDirection: apilado ? 'column' : 'row',
        gap: 4,
        alignItems: apilado ? 'flex-end' : 'center',
      }}
    >
      <time dateTime={plazo.fecha_limite} style={{ whiteSpace: 'nowrap' }}>
        {diaEs(plazo.fecha_limite)}
      </time>
      <EstadoPlazoTag estado={plazo.estado} />
    </span>
  );
}

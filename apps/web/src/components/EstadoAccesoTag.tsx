import { Tag } from 'antd';
import { ESTADO_ACCESO_ETIQUETAS, type EstadoAcceso } from '@ecodigital/contracts/accesos.rules';

/** Dark text on a light tint, as the estado tags of expedientes (antd's presets miss AA contrast). */
const ESTADO_COLORES: Record<EstadoAcceso, { color: string; background: string; border: string }> = {
  vigente: { color: '#14532d', background: '#f0fdf4', border: '#86efac' },
  caducado: { color: '#374151', background: '#f3f4f6', border: '#d1d5db' },
  revocado: { color: '#7f1d1d', background: '#fef2f2', border: '#fca5a5' },
};

/** Whether a grant is live, expired or revoked: in the expediente's Accesos tab and in Administración. */
export function EstadoAccesoTag({ estado }: { estado: EstadoAcceso }) {
  const { color, background, border } = ESTADO_COLORES[estado];
  return (
    <Tag style={{ color, background, borderColor: border }} data-estado-acceso={estado}>
      {ESTADO_ACCESO_ETIQUETAS[estado]}
    </Tag>
  );
}

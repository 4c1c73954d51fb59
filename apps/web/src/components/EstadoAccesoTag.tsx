import { Flex, Tag, Typography } from 'antd';
import type { Acceso } from '@ecodigital/contracts/accesos';
import {
  CAUSA_FIN_ACCESO_ETIQUETAS,
  ESTADO_ACCESO_ETIQUETAS,
  type EstadoAcceso,
} from '@ecodigital/contracts/accesos.rules';
import { formatDateTime } from '../lib/format';

/** Dark text on a light tint, as the estado tags of expedientes (antd's presets miss AA contrast). */
const ESTADO_COLORES: Record<EstadoAcceso, { color: string; background: string; border: string }> = {
  vigente: { color: '#14532d', background: '#f0fdf4', border: '#86efac' },
  caducado: { color: '#374151', background: '#f3f4f6', border: '#d1d5db' },
  revocado: { color: '#7f1d1d', background: '#fef2f2', border: '#fca5a5' },
};

/** Whether a grant is live, expired or revoked: in the expediente's Accesos tab and in Administración. */
function EstadoAccesoTag({ estado }: { estado: EstadoAcceso }) {
  const { color, background, border } = ESTADO_COLORES[estado];
  return (
    <Tag style={{ color, background, borderColor: border }} data-estado-acceso={estado}>
      {ESTADO_ACCESO_ETIQUETAS[estado]}
    </Tag>
  );
}

const pequeno = { fontSize: 13 } as const;

/** A grant's estado, who revoked it and when, and why it ended when no one revoked it by hand. */
export function EstadoDeAcceso({ acceso }: { acceso: Acceso }) {
  return (
    <Flex vertical align="flex-start" gap={2}>
      <EstadoAccesoTag estado={acceso.estado} />
      {acceso.revocado_por && acceso.revocado_en && (
        <Typography.Text type="secondary" style={pequeno}>
          {acceso.revocado_por.nombre_completo} · {formatDateTime(acceso.revocado_en)}
        </Typography.Text>
      )}
      {acceso.causa_fin && (
        <Typography.Text type="secondary" style={pequeno} data-testid="acceso-causa-fin">
          {CAUSA_FIN_ACCESO_ETIQUETAS[acceso.causa_fin]}
        </Typography.Text>
      )}
    </Flex>
  );
}

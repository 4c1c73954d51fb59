import type { ConcederAcceso, NivelAcceso } from '@ecodigital/contracts/accesos';
import type { Dayjs } from 'dayjs';

/** What the grant form holds; selects are empty (`undefined`) until chosen. */
export interface ConcederValues {
  destinatario: 'usuario' | 'unidad';
  id_usuario?: number;
  id_unidad?: number;
  nivel: NivelAcceso;
  /** Last day of the grant; empty: until revoked. */
  hasta?: Dayjs | null;
  motivo?: string;
}

export const VALORES_INICIALES: ConcederValues = { destinatario: 'usuario', nivel: 'lectura' };

/** The body of `POST /api/expedientes/:id/accesos`: exactly one recipient, the motivo trimmed. */
export function toConcederAcceso(values: ConcederValues): ConcederAcceso {
  const body: ConcederAcceso = { nivel: values.nivel, motivo: (values.motivo ?? '').trim() };
  if (values.destinatario === 'usuario') body.id_usuario = values.id_usuario;
  else body.id_unidad = values.id_unidad;
  if (values.hasta) body.hasta = values.hasta.format('YYYY-MM-DD');
  return body;
}

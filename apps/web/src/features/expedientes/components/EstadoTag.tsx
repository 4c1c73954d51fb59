import { Tag } from 'antd';
import { ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes';

const ESTADO_COLORES: Record<EstadoExpediente, string> = {
  abierto: 'blue',
  en_tramite: 'gold',
  cerrado: 'green',
  archivado: 'default',
};

export function EstadoTag({ estado }: { estado: EstadoExpediente }) {
  return (
    <Tag color={ESTADO_COLORES[estado]} data-estado={estado} style={{ marginInlineEnd: 0 }}>
      {ESTADO_ETIQUETAS[estado]}
    </Tag>
  );
}

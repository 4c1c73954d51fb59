import { Tag } from 'antd';

/** Dark text on a light tint, as the estado tags (antd's green preset misses AA contrast at 12 px). */
const ESTILOS = {
  activo: { color: '#14532d', background: '#f0fdf4', borderColor: '#86efac' },
  inactivo: { color: '#374151', background: '#f3f4f6', borderColor: '#d1d5db' },
};

export function ActivoTag({ activo, femenino = false }: { activo: boolean; femenino?: boolean }) {
  const texto = activo ? (femenino ? 'Activa' : 'Activo') : femenino ? 'Desactivada' : 'Desactivado';
  return <Tag style={activo ? ESTILOS.activo : ESTILOS.inactivo}>{texto}</Tag>;
}

// Built once: building an Intl formatter costs far more than formatting.
const CIFRA = new Intl.NumberFormat('es-ES', {
  useGrouping: 'always',
  maximumFractionDigits: 3,
} as Intl.NumberFormatOptions);

/** A number as people read it in Spain: «2.000», «1.234,5» (es-ES alone leaves 2000 ungrouped). */
export const cifra = (valor: number) => CIFRA.format(valor);

const UNIDADES_TAMANO = ['KB', 'MB', 'GB', 'TB'];
const TAMANO = new Intl.NumberFormat('es-ES', {
  maximumFractionDigits: 1,
  useGrouping: 'always',
} as Intl.NumberFormatOptions);

/** Sizes as people read them in Spain: `12,3 MB`, `512 bytes`; 1 MB = 1024 × 1024 bytes, like `MAX_UPLOAD_MB`. */
export function tamanoLegible(bytes: number): string {
  if (bytes < 1024) return `${cifra(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let valor = bytes / 1024;
  let unidad = 0;
  while (valor >= 1024 && unidad < UNIDADES_TAMANO.length - 1) {
    valor /= 1024;
    unidad++;
  }
  return `${TAMANO.format(valor)} ${UNIDADES_TAMANO[unidad]}`;
}

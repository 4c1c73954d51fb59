// Built once: building an Intl formatter costs far more than formatting.
const CIFRA = new Intl.NumberFormat('es-ES', {
  useGrouping: 'always',
  maximumFractionDigits: 3,
} as Intl.NumberFormatOptions);

/** A number as people read it in Spain: «2.000», «1.234,5» (es-ES alone leaves 2000 ungrouped). */
export const cifra = (valor: number) => CIFRA.format(valor);

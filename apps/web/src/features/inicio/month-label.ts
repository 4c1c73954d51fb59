const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const MESES_LARGOS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function partes(mes: string): [number, number] | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(mes);
  const numero = match ? Number(match[2]) : 0;
  return match && numero >= 1 && numero <= 12 ? [Number(match[1]), numero] : undefined;
}

/** `2026-01` → `ene 2026`. */
export function etiquetaMes(mes: string): string {
  const p = partes(mes);
  return p ? `${MESES[p[1] - 1]} ${p[0]}` : mes;
}

/** `2026-01` → `enero de 2026`, for text alternatives read aloud. */
export function etiquetaMesLarga(mes: string): string {
  const p = partes(mes);
  return p ? `${MESES_LARGOS[p[1] - 1]} de ${p[0]}` : mes;
}

/** One row of the results table; the texts are what people read, `datos` the raw numbers. */
export interface Measure {
  medida: string;
  valor: string;
  base: string;
  ratio: string;
  objetivo: string;
  cumple: boolean;
  datos: Record<string, number | string | boolean | null>;
}

const formatters = new Map<number, Intl.NumberFormat>();

/** Spanish number: 1.234,5 (grouping also for four digits). */
export function numero(value: number, decimals = 1): string {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions);
    formatters.set(decimals, formatter);
  }
  return formatter.format(value);
}

export const ms = (value: number) => `${numero(value, 1)} ms`;
export const MiB = 1024 * 1024;

/** A measure that could not be taken: the table says why instead of stopping the whole run. */
export function failed(medida: string, objetivo: string, error: unknown): Measure {
  const mensaje = (error as Error).message.split('\n')[0]!.slice(0, 200);
  return {
    medida,
    valor: `error: ${mensaje}`,
    base: '—',
    ratio: '—',
    objetivo,
    cumple: false,
    datos: { error: mensaje },
  };
}

/** A measure that fails becomes a row saying why; the others are still taken. */
export async function attempt(label: string, objetivo: string, take: () => Promise<Measure>): Promise<Measure> {
  try {
    return await take();
  } catch (error) {
    return failed(label, objetivo, error);
  }
}

/** `attempt` for a step that yields several measures: one failed row if it cannot be taken. */
export async function attemptMany(label: string, objetivo: string, take: () => Promise<Measure[]>): Promise<Measure[]> {
  try {
    return await take();
  } catch (error) {
    return [failed(label, objetivo, error)];
  }
}

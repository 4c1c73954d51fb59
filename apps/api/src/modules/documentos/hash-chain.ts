import { createHash } from 'node:crypto';
import { FUNCION_RESUMEN } from '@ecodigital/contracts/documentos';

/**
 * The índice electrónico as a hash chain. Each entry's `hash_entrada` is the SHA-256 of the
 * canonical JSON of its ENI fields plus the previous entry's `hash_entrada`, so removing,
 * reordering or altering any entry breaks every link after it. Writing and verifying both go
 * through `hashEntrada`: there is one definition of an entry's hash.
 *
 * The anulación (motivo, fecha, quién) is deliberately outside the chain: it happens after the
 * entry is sealed, only ever once, and is recorded in the expediente's historial.
 */
export interface EntradaEncadenada {
  id_expediente: number;
  orden: number;
  nombre: string;
  /** By name, as the índice shows it. */
  tipo_documental: string;
  fecha_incorporacion: Date;
  tamano: number;
  formato: string;
  huella: string;
  hash_anterior: string | null;
}

/**
 * Keys in code-point order, no whitespace, strings escaped by JSON.stringify, the date as ISO 8601
 * UTC with milliseconds: anyone can rebuild these bytes from the JSON índice.
 */
export function canonicalEntrada(entrada: EntradaEncadenada): string {
  const campos: Record<string, string | number | null> = {
    fecha_incorporacion: entrada.fecha_incorporacion.toISOString(),
    formato: entrada.formato,
    funcion_resumen: FUNCION_RESUMEN,
    hash_anterior: entrada.hash_anterior,
    huella: entrada.huella,
    id_expediente: entrada.id_expediente,
    nombre: entrada.nombre,
    orden: entrada.orden,
    tamano: entrada.tamano,
    tipo_documental: entrada.tipo_documental,
  };
  const claves = Object.keys(campos).sort();
  return `{${claves.map((clave) => `${JSON.stringify(clave)}:${JSON.stringify(campos[clave])}`).join(',')}}`;
}

export function hashEntrada(entrada: EntradaEncadenada): string {
  return createHash('sha256').update(canonicalEntrada(entrada), 'utf8').digest('hex');
}

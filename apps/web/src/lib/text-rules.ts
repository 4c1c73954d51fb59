import type { FormRule } from 'antd';
import { longitudTexto, normalizarTexto, type FormaTexto } from '@ecodigital/contracts/texto.rules';

export interface LimitesTexto {
  min?: number;
  max: number;
  /** One line (names, asuntos) unless said otherwise; a TextArea is `parrafos`. */
  forma?: FormaTexto;
}

/**
 * A text field's rules, judged on the text as the API will keep it (`normalizarTexto`: «   » is
 * empty, « a » is one letter, zero-width characters count for nothing) and counted as the API
 * counts it (characters, not UTF-16 units: «ñ» or an emoji is one). `campo` names it in the
 * messages («El nombre»); `falta` makes it required.
 */
export function reglasTexto({ min, max, forma = 'linea' }: LimitesTexto, campo: string, falta?: string): FormRule[] {
  const longitud = (value: unknown) => (typeof value === 'string' ? longitudTexto(normalizarTexto(value, forma)) : 0);
  return [
    ...(falta === undefined
      ? []
      : [{ required: true, message: falta, transform: (value: unknown) => (longitud(value) === 0 ? '' : value) }]),
    {
      validator: (_, value: unknown) => {
        const caracteres = longitud(value);
        if (min !== undefined && caracteres > 0 && caracteres < min) {
          return Promise.reject(new Error(`${campo} debe tener al menos ${min} caracteres.`));
        }
        if (caracteres > max) return Promise.reject(new Error(`${campo} admite como máximo ${max} caracteres.`));
        return Promise.resolve();
      },
    },
  ];
}

/** The rules of a required «motivo» (a TextArea). */
export const reglasMotivo = (limites: { min: number; max: number }, falta = 'Indique el motivo.'): FormRule[] =>
  reglasTexto({ ...limites, forma: 'parrafos' }, 'El motivo', falta);

/** The text to send: as the API will keep it; blank is `null` («no value»). */
export function textoNormalizado(value: string | null | undefined, forma: FormaTexto = 'linea'): string | null {
  const texto = normalizarTexto(value ?? '', forma);
  return texto === '' ? null : texto;
}

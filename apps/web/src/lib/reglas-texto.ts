import type { FormRule } from 'antd';

/**
 * The rules of a «motivo» field: required, and its length within the API's limits, counted as the
 * API counts it (characters, not UTF-16 units: «ñ» or an emoji is one).
 */
export function reglasMotivo(limites: { min: number; max: number }, mensajeFalta = 'Indique el motivo.'): FormRule[] {
  const { min, max } = limites;
  return [
    { required: true, whitespace: true, message: mensajeFalta },
    {
      validator: (_, value?: string) =>
        !value?.trim() || [...value.trim()].length >= min
          ? Promise.resolve()
          : Promise.reject(new Error(`El motivo debe tener al menos ${min} caracteres.`)),
    },
    {
      validator: (_, value?: string) =>
        !value || [...value].length <= max
          ? Promise.resolve()
          : Promise.reject(new Error(`El motivo admite como máximo ${max} caracteres.`)),
    },
  ];
}

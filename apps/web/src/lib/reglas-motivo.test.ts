import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { reglasMotivo } from './reglas-motivo';

async function errores(valor: string | undefined): Promise<string[]> {
  const mensajes: string[] = [];
  for (const regla of reglasMotivo({ min: 5, max: 8 })) {
    const { required, whitespace, message, validator } = regla as RuleObject;
    if (required && (!valor || (whitespace && !valor.trim()))) mensajes.push(String(message));
    if (validator)
      await Promise.resolve(validator(regla as RuleObject, valor, () => {})).catch((error: Error) =>
        mensajes.push(error.message),
      );
  }
  return mensajes;
}

describe('reglasMotivo', () => {
  it('asks for a motivo when there is none or only spaces', async () => {
    expect(await errores(undefined)).toEqual(['Indique el motivo.']);
    expect(await errores('   ')).toEqual(['Indique el motivo.']);
  });

  it('counts characters as the API does, not UTF-16 units', async () => {
    expect(await errores('año 😀')).toEqual([]);
    expect(await errores('😀😀😀😀')).toEqual(['El motivo debe tener al menos 5 caracteres.']);
    expect(await errores('😀😀😀😀😀😀😀😀')).toEqual([]);
    expect(await errores('😀😀😀😀😀😀😀😀😀')).toEqual(['El motivo admite como máximo 8 caracteres.']);
  });
});

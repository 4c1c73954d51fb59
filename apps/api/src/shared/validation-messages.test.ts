import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { validationMessage } from './validation-messages';

const error = (
  keyword: string,
  instancePath: string,
  params: Record<string, unknown>,
): FastifySchemaValidationError => ({
  keyword,
  instancePath,
  schemaPath: '',
  params,
  message: 'english',
});

describe('validationMessage', () => {
  it.each([
    [error('required', '', { missingProperty: 'asunto' }), 'El campo «asunto» es obligatorio.'],
    [error('type', '/anio', { type: 'integer' }), 'El campo «anio» debe ser un número entero.'],
    [error('minLength', '/asunto', { limit: 1 }), 'El campo «asunto» no puede estar vacío.'],
    [error('maxLength', '/asunto', { limit: 200 }), 'El campo «asunto» debe tener como máximo 200 caracteres.'],
    [error('minimum', '/pagina', { limit: 1 }), 'El campo «pagina» debe ser mayor o igual que 1.'],
    // Numbers as people read them in Spain, grouped by thousands with a dot.
    [error('maximum', '/tipo', { limit: 2_147_483_647 }), 'El campo «tipo» debe ser menor o igual que 2.147.483.647.'],
    [error('maximum', '/page', { limit: 10_000_000 }), 'El campo «page» debe ser menor o igual que 10.000.000.'],
    [error('maxLength', '/motivo', { limit: 1000 }), 'El campo «motivo» debe tener como máximo 1.000 caracteres.'],
    [error('anyOf', '/estado', {}), 'El campo «estado» no tiene un valor permitido.'],
    [error('format', '/fecha', { format: 'date' }), 'El campo «fecha» debe ser una fecha válida (aaaa-mm-dd).'],
    [error('format', '/web', { format: 'uri' }), 'El campo «web» no tiene un formato válido.'],
    [error('pattern', '/codigo', { pattern: '^[A-Z]+$' }), 'El campo «codigo» no tiene un formato válido.'],
    [error('const', '/estado/1', { allowedValue: 'abierto' }), 'El campo «estado» no tiene un valor permitido.'],
    [error('additionalProperties', '', { additionalProperty: 'extra' }), 'El campo «extra» no está permitido.'],
    [error('type', '/documentos/0/nombre', { type: 'string' }), 'El campo «nombre» debe ser un texto.'],
  ])('%#: %s', (validation, expected) => {
    expect(validationMessage([validation], 'body')).toBe(expected);
  });

  it('names the part of the request when the whole of it is wrong', () => {
    expect(validationMessage([error('type', '', { type: 'object' })], 'body')).toBe(
      'El cuerpo de la solicitud no tiene el formato esperado.',
    );
  });
});

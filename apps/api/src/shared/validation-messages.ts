import type { FastifySchemaValidationError } from 'fastify';
import { FECHA_PATTERN } from '@ecodigital/contracts/comunes';
import { DOCUMENTO_IDENTIDAD_PATTERN } from '@ecodigital/contracts/expedientes';
import { DIR3_PATTERN } from '@ecodigital/contracts/eni';
import { cifra } from './numeros';

/** What a person should type, for the patterns the contracts use. */
const PATRONES: Record<string, string> = {
  [DOCUMENTO_IDENTIDAD_PATTERN]: 'NIF, NIE o CIF',
  [DIR3_PATTERN]: 'un código DIR3: una letra, una letra o cifra y siete cifras (L01280796)',
};

const FORMATOS: Record<string, string> = {
  date: 'una fecha válida (aaaa-mm-dd)',
  'date-time': 'una fecha y hora válidas',
  email: 'un correo electrónico válido',
};

const TIPOS: Record<string, string> = {
  string: 'un texto',
  integer: 'un número entero',
  number: 'un número',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  null: 'nulo',
};

const PARTES: Record<string, string> = {
  body: 'El cuerpo de la solicitud',
  querystring: 'La consulta',
  params: 'La ruta',
  headers: 'Las cabeceras',
};

/** A limit as people read it in Spain: `2.147.483.647`, `1.000` (es-ES alone leaves 4 digits ungrouped). */
const limite = (limit: unknown) => (typeof limit === 'number' ? cifra(limit) : String(limit));

/** A Spanish sentence naming the offending field, from the first validation error. */
export function validationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const error = errors[0];
  if (!error) return 'La solicitud no es válida.';
  const params = error.params as Record<string, unknown>;
  // `/estado/0` names the field `estado`, not `0`.
  const pathField = error.instancePath
    .split('/')
    .filter((segment) => segment && !/^\d+$/.test(segment))
    .at(-1);

  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return `El campo «${params.missingProperty}» es obligatorio.`;
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `El campo «${params.additionalProperty}» no está permitido.`;
  }
  if (!pathField) {
    if (error.keyword === 'type') return `${PARTES[context ?? ''] ?? 'La solicitud'} no tiene el formato esperado.`;
    return 'La solicitud no es válida.';
  }

  const campo = `El campo «${decodeURIComponent(pathField.replace(/~1/g, '/').replace(/~0/g, '~'))}»`;
  switch (error.keyword) {
    case 'type':
      return `${campo} debe ser ${TIPOS[String(params.type)] ?? 'del tipo esperado'}.`;
    case 'minLength':
      return params.limit === 1
        ? `${campo} no puede estar vacío.`
        : `${campo} debe tener al menos ${limite(params.limit)} caracteres.`;
    case 'maxLength':
      return `${campo} debe tener como máximo ${limite(params.limit)} caracteres.`;
    case 'minimum':
      return `${campo} debe ser mayor o igual que ${limite(params.limit)}.`;
    case 'maximum':
      return `${campo} debe ser menor o igual que ${limite(params.limit)}.`;
    case 'exclusiveMinimum':
      return `${campo} debe ser mayor que ${limite(params.limit)}.`;
    case 'exclusiveMaximum':
      return `${campo} debe ser menor que ${limite(params.limit)}.`;
    case 'minItems':
      return `${campo} debe tener al menos ${limite(params.limit)} elementos.`;
    case 'maxItems':
      return `${campo} debe tener como máximo ${limite(params.limit)} elementos.`;
    case 'format': {
      const formato = FORMATOS[String(params.format)];
      return formato ? `${campo} debe ser ${formato}.` : `${campo} no tiene un formato válido.`;
    }
    case 'pattern': {
      // A date is a date to the person, whichever of its two checks it failed.
      if (params.pattern === FECHA_PATTERN) return `${campo} debe ser ${FORMATOS.date}.`;
      const esperado = PATRONES[String(params.pattern)];
      return esperado ? `${campo} no tiene un formato válido (${esperado}).` : `${campo} no tiene un formato válido.`;
    }
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return `${campo} no tiene un valor permitido.`;
    default:
      return `${campo} no es válido.`;
  }
}

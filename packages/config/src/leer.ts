import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Lectura } from './variable';
import { VARIABLES, type NombreVariable } from './variables';

/** A variable set to something it cannot be: the message names it, in Spanish, with what it expects. */
export class ErrorDeConfiguracion extends Error {
  override name = 'ErrorDeConfiguracion';
}

type Valor<N extends NombreVariable> = Static<(typeof VARIABLES)[N]['esquema']>;
/** Variables with a default always have a value; the others may be unset. */
type Leido<N extends NombreVariable> = (typeof VARIABLES)[N] extends { porDefecto: string }
  ? Valor<N>
  : Valor<N> | undefined;

const VERDADERO = ['true', '1', 'yes', 'si', 'sí'];
const FALSO = ['false', '0', 'no'];

function convertir(lectura: Lectura, texto: string): unknown {
  switch (lectura) {
    case 'entero':
      return /^-?[0-9]{1,16}$/.test(texto) ? Number(texto) : texto;
    case 'numero':
      return /^[0-9]+(\.[0-9]+)?$/.test(texto) ? Number(texto) : texto;
    case 'booleano': {
      const normal = texto.toLowerCase();
      return VERDADERO.includes(normal) ? true : FALSO.includes(normal) ? false : texto;
    }
    case 'lista':
      return texto
        .split(',')
        .map((parte) => parte.trim())
        .filter(Boolean);
    case 'texto':
      return texto;
  }
}

/**
 * The value of variable `nombre` in `env`, checked against its entry in `VARIABLES`: its default
 * when unset or blank (`undefined` when it has none), or an `ErrorDeConfiguracion` naming it.
 */
export function leer<N extends NombreVariable>(env: Readonly<Record<string, string | undefined>>, nombre: N): Leido<N> {
  const variable = VARIABLES[nombre];
  const crudo = env[nombre]?.trim();
  const texto = crudo ? crudo : 'porDefecto' in variable ? variable.porDefecto : undefined;
  if (texto === undefined) return undefined as never;
  const valor = convertir(variable.lectura, texto);
  if (!Value.Check(variable.esquema, valor)) {
    throw new ErrorDeConfiguracion(`${nombre} no válido: «${crudo}». Se espera ${variable.esperado}.`);
  }
  return valor as never;
}

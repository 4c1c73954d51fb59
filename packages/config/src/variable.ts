import { Type, type TSchema } from 'typebox';

/** Who reads a variable, as the README's table says it. */
export type Proceso =
  | 'API'
  | 'IdP'
  | 'npm start'
  | 'npm run dev'
  | 'Vite'
  | 'pruebas'
  | 'pruebas e2e'
  | 'prueba de varias instancias'
  | 'npm run bench'
  | 'npm run bench:upload';

/** How the text of the environment becomes a value before the schema checks it. */
export type Lectura = 'texto' | 'entero' | 'numero' | 'booleano' | 'lista';

export interface Variable {
  procesos: readonly Proceso[];
  lectura: Lectura;
  /** What the value must be once read (TypeBox). */
  esquema: TSchema;
  /** The value when unset; absent when there is none or when the program computes it. */
  porDefecto?: string;
  /** The default as the README shows it, when it is not the literal `porDefecto`. */
  porDefectoDoc?: string;
  /** Spanish, for the README's table. */
  descripcion: string;
  /** What a valid value is, in Spanish, for the error message. */
  esperado: string;
}

export const entero = (minimo: number, maximo = 2_147_483_647) =>
  ({
    lectura: 'entero',
    esquema: Type.Integer({ minimum: minimo, maximum: maximo }),
    esperado: `un número entero entre ${minimo} y ${maximo}`,
  }) as const;

export const texto = () =>
  ({ lectura: 'texto', esquema: Type.String({ minLength: 1 }), esperado: 'un texto' }) as const;

export const url = () =>
  ({
    lectura: 'texto',
    esquema: Type.String({ pattern: '^https?://[^\\s]+$' }),
    esperado: 'una URL http(s) absoluta',
  }) as const;

export const urls = () =>
  ({
    lectura: 'lista',
    esquema: Type.Array(Type.String({ pattern: '^https?://[^\\s]+$' }), { minItems: 1 }),
    esperado: 'una lista de URL http(s) absolutas separadas por comas',
  }) as const;

export const booleano = () => ({ lectura: 'booleano', esquema: Type.Boolean(), esperado: 'true o false' }) as const;

export const uno = <const V extends readonly string[]>(...valores: V) =>
  ({
    lectura: 'texto',
    esquema: Type.Union(valores.map((valor) => Type.Literal(valor))),
    esperado: `uno de: ${valores.join(', ')}`,
  }) as const;

export const numeroPositivo = () =>
  ({ lectura: 'numero', esquema: Type.Number({ exclusiveMinimum: 0 }), esperado: 'un número mayor que 0' }) as const;

import { Type, type Static } from 'typebox';

export * from './verificacion.rules';

/** What a Código Seguro de Verificación certifies: today, one signed índice of an expediente. */
export const VerificacionSchema = Type.Object({
  /** The code, grouped in fours. */
  csv: Type.String(),
  clase: Type.Literal('indice_firmado'),
  /** «Índice firmado del expediente …», in Spanish. */
  descripcion: Type.String(),
  expediente: Type.Object({ numero: Type.String() }),
  motivo: Type.Union([Type.Literal('cierre'), Type.Literal('remision')]),
  /** ISO 8601. */
  firmado_en: Type.String(),
  /** The órgano the expediente belongs to (its unidad and DIR3 code, when it has one). */
  organo: Type.Object({ nombre: Type.String(), codigo_dir3: Type.Union([Type.String(), Type.Null()]) }),
  /** Who signed: the subject of the institution's seal certificate. */
  sello: Type.String(),
  /** Signed with the test seal of a development machine: worthless as evidence. */
  solo_desarrollo: Type.Boolean(),
  /** The certified copy: the índice PDF with its PAdES signature, as stored. */
  copia: Type.Object({
    nombre: Type.String(),
    tipo: Type.Literal('application/pdf'),
    tamano: Type.Integer(),
    /** SHA-256 of the file, in hexadecimal. */
    sha256: Type.String(),
  }),
});
export type Verificacion = Static<typeof VerificacionSchema>;

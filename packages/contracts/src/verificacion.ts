import { Type, type Static } from 'typebox';

export * from './verificacion.rules';

/** What a Código Seguro de Verificación certifies: a signed índice of an expediente, or a copia auténtica of one of its documents. */
export const VerificacionSchema = Type.Object({
  /** The code, grouped in fours. */
  csv: Type.String(),
  clase: Type.Union([Type.Literal('indice_firmado'), Type.Literal('copia_autentica')]),
  /** «Índice firmado del expediente …» or «Copia auténtica del documento …», in Spanish. */
  descripcion: Type.String(),
  expediente: Type.Object({ numero: Type.String() }),
  /** Why a signed índice was signed; null for a copia auténtica. */
  motivo: Type.Union([Type.Literal('cierre'), Type.Literal('remision'), Type.Null()]),
  /** ISO 8601. */
  firmado_en: Type.String(),
  /** The órgano the expediente belongs to (its unidad and DIR3 code, when it has one). */
  organo: Type.Object({ nombre: Type.String(), codigo_dir3: Type.Union([Type.String(), Type.Null()]) }),
  /** Who signed: the subject of the institution's seal certificate. */
  sello: Type.String(),
  /** Signed with the test seal of a development machine: worthless as evidence. */
  solo_desarrollo: Type.Boolean(),
  /** The certified copy: the índice PDF or the copia auténtica, with its PAdES signature, as stored. */
  copia: Type.Object({
    nombre: Type.String(),
    tipo: Type.Literal('application/pdf'),
    tamano: Type.Integer(),
    /** SHA-256 of the file, in hexadecimal. */
    sha256: Type.String(),
  }),
});
export type Verificacion = Static<typeof VerificacionSchema>;

/** A copia auténtica just made (decision 0403): its code, where it is checked, and the signed PDF's details. */
export const CopiaAutenticaSchema = Type.Object({
  id_copia: Type.Integer(),
  id_documento: Type.Integer(),
  /** The code printed on every page, grouped in fours. */
  csv: Type.String(),
  /** The verification address printed on every page and encoded in its QR code. */
  url_verificacion: Type.String(),
  /** ISO 8601. */
  creada_en: Type.String(),
  nombre: Type.String(),
  paginas: Type.Integer(),
  tamano: Type.Integer(),
  /** SHA-256 of the signed PDF, in hexadecimal. */
  sha256: Type.String(),
});
export type CopiaAutentica = Static<typeof CopiaAutenticaSchema>;

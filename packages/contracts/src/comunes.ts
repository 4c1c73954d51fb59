import { Type, type Static } from 'typebox';
import { ENTERO_MAXIMO, FECHA_PATTERN } from './comunes.rules';

export * from './comunes.rules';

/** A row id as the API accepts it: a positive PostgreSQL `integer`. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: ENTERO_MAXIMO });

/** A calendar day, `aaaa-mm-dd`, between the years 1000 and 9999. */
export const FechaSchema = Type.String({ format: 'date', pattern: FECHA_PATTERN });

/** A unidad as other records name it. */
export const UnidadReferenciaSchema = Type.Object({
  id: Type.Integer(),
  codigo: Type.String(),
  nombre: Type.String(),
});
export type UnidadReferencia = Static<typeof UnidadReferenciaSchema>;

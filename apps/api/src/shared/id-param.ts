import { ENTERO_MAXIMO } from '@ecodigital/contracts/comunes';
import { Type } from 'typebox';
import type { ApiHttpError } from './errors';

/**
 * `:id` of a route. Any text is accepted by the schema so that a non-numeric or out-of-range id
 * answers the same 404 as an unknown one (the resource does not exist for the caller), not 400.
 */
export const IdParamsSchema = (description: string) => Type.Object({ id: Type.String({ description }) });

/** The id of `:id`, or the route's own 404 when the text cannot name a row. */
export function idDeRuta(raw: string, noExiste: () => ApiHttpError): number {
  const id = /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= ENTERO_MAXIMO)) throw noExiste();
  return id;
}

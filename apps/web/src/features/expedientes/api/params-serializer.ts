import type { ParamsSerializerOptions } from '../../../lib/api-client';

/** The API reads arrays as repeated parameters: `estado=abierto&estado=en_tramite`. */
export const repeatedArrayParams: ParamsSerializerOptions = { indexes: null };

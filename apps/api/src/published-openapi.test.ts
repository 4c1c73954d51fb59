import { describe, expect, it } from 'vitest';
import {
  DOCUMENTO_PUBLICADO,
  ORDEN_PUBLICAR,
  documentoDeLasRutas,
  documentoPublicado,
} from './testing/published-openapi';

/**
 * The web's tests answer only what `packages/contracts/openapi.json` allows (decision 0392), so the
 * committed document must be the one the routes declare: a route or a schema that changes without
 * it fails here, and the web's fakes are checked against the new contract once it is written again.
 */
describe('the committed OpenAPI document', () => {
  it('is the one the routes declare today', async () => {
    const actual = await documentoDeLasRutas();
    const publicado = await documentoPublicado();
    expect(
      publicado,
      `${DOCUMENTO_PUBLICADO} no es el contrato de las rutas: escríbalo de nuevo con «${ORDEN_PUBLICAR}»`,
    ).toEqual(actual);
  });
});

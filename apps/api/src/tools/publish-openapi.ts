// `node --import tsx apps/api/src/tools/publish-openapi.ts`: writes packages/contracts/openapi.json from
// the routes (built on the local PostgreSQL the API tests use) after a route or a schema changed;
// `published-openapi.test.ts` fails until it is written again (decision 0392). Not bundled: a
// developer's tool, not the server's.
import { DOCUMENTO_PUBLICADO, documentoDeLasRutas, publicar } from '../testing/published-openapi';

await publicar(await documentoDeLasRutas());
console.log(`Escrito ${DOCUMENTO_PUBLICADO}.`);

import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { createTestApp } from './test-app';

/**
 * The OpenAPI document of every route, as Fastify builds it from the routes' TypeBox schemas,
 * committed where the web's tests read it (`apps/web/src/testing/test-api-server.ts` answers only
 * what it allows; decision 0392). `published-openapi.test.ts` fails when it differs from the routes.
 */
export const DOCUMENTO_PUBLICADO = fileURLToPath(
  new URL('../../../../packages/contracts/openapi.json', import.meta.url),
);

/** The command that writes it again after a route or a schema changed. */
export const ORDEN_PUBLICAR = 'node --import tsx apps/api/src/tools/publish-openapi.ts';

/** The document the routes declare today, built by the real app (test configuration, no demo data). */
export async function documentoDeLasRutas(): Promise<unknown> {
  const testApp = await createTestApp({ organizacionDemo: false });
  try {
    await testApp.app.ready();
    // Through JSON, so that what is compared is what a reader of the file gets.
    return JSON.parse(JSON.stringify(testApp.app.swagger()));
  } finally {
    await testApp.close();
  }
}

export async function documentoPublicado(): Promise<unknown> {
  return JSON.parse(await readFile(DOCUMENTO_PUBLICADO, 'utf8'));
}

/** Writes the document formatted as the repository's Prettier formats JSON. */
export async function publicar(documento: unknown): Promise<void> {
  const opciones = await resolveConfig(DOCUMENTO_PUBLICADO);
  await writeFile(
    DOCUMENTO_PUBLICADO,
    await format(JSON.stringify(documento), { ...opciones, filepath: DOCUMENTO_PUBLICADO }),
  );
}

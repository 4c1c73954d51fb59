import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '@ecodigital/api/testing/test-database';
// @ts-expect-error plain JavaScript module shared with `npm start`
import { apiBuildIsCurrent, buildApi, buildWeb, startStack, webBuildIsCurrent } from '../scripts/lib/stack.mjs';
import { E2E_ACCESS_TOKEN_TTL, E2E_IDP_PORT, E2E_WEB_PORT } from './support/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    issuer: string;
  }
}

/** Starts the product exactly as `npm start` does, on its own ports, database and data folder. */
export default async function setup(project: TestProject) {
  if (!webBuildIsCurrent()) await buildWeb({ quiet: true });
  if (!apiBuildIsCurrent()) await buildApi({ quiet: true });
  const database = await createTestDatabase();
  // As in production: the API works as a role of its own, the schema's owner migrates.
  const api = await database.createRole();
  const dataDir = await mkdtemp(join(tmpdir(), 'ecodigital-e2e-'));
  const logLines: string[] = [];

  const stack = await startStack({
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_WEB_PORT),
      IDP_PORT: String(E2E_IDP_PORT),
      // No IDP_REDIRECT_URIS: the stack derives them from PORT, as `npm start` does with other ports.
      IDP_DATA_DIR: join(dataDir, 'idp'),
      DATA_DIR: dataDir,
      DATABASE_URL: api.url,
      DATABASE_MIGRATION_URL: database.url,
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL),
      LOG_LEVEL: 'warn',
    },
    log: (line: string) => {
      logLines.push(line);
      if (process.env.E2E_VERBOSE) process.stdout.write(line);
    },
  }).catch(async (error: Error) => {
    await database.drop();
    throw new Error(`${error.message}\n${logLines.join('')}`);
  });

  project.provide('webUrl', stack.webUrl);
  project.provide('issuer', stack.issuer);

  return async () => {
    await stack.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

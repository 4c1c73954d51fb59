import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { apiClient, type ApiClient, type DemoUsername } from './api-client';
import { startTestIdp, type TestIdp } from './idp';
import { createTestApp, type TestApp } from './test-app';

export type TestStackOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'issuer'>;

export interface TestStack {
  idp(): TestIdp;
  testApp(): TestApp;
  app(): FastifyInstance;
  /** A client that calls the app with a real access token of `username`. */
  as(username: DemoUsername): Promise<ApiClient>;
}

/**
 * The real dev IdP and the app on a fresh database for the enclosing describe (or file): started in
 * beforeAll, closed in afterAll (app first, then IdP). `options` go to `createTestApp`.
 */
export function useTestStack(options: TestStackOptions = {}): TestStack {
  let idp: TestIdp | undefined;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    idp = await startTestIdp();
    testApp = await createTestApp({ ...options, issuer: idp.issuer });
  });
  afterAll(async () => {
    await testApp?.close();
    await idp?.close();
  });
  const started = () => {
    if (!idp || !testApp) throw new Error('The test stack starts in beforeAll: use it inside hooks and tests');
    return { idp, testApp };
  };
  return {
    idp: () => started().idp,
    testApp: () => started().testApp,
    app: () => started().testApp.app,
    as: async (username) => {
      const { idp, testApp } = started();
      return apiClient(testApp.app, (await idp.tokensFor(username)).access_token);
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';
import { VERIFICACIONES_POR_MINUTO } from './modules/verificacion/verificacion.routes';

/** A code of the right shape that nobody was given: every look-up of it is a 404, and is counted. */
const DESCONOCIDO = 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345';

/**
 * Behind the reverse proxy of a deployment every connection comes from the proxy: the client's
 * address is the one the proxy writes in `X-Forwarded-For`, believed only from the proxies named in
 * `TRUST_PROXY`, so each visitor has a limit of their own and nobody else can claim an address.
 */
describe('TRUST_PROXY', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => testApp.close());

  const desde = (remoteAddress: string, reenviadaPara: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/verificacion/${DESCONOCIDO}`,
      remoteAddress,
      headers: { 'x-forwarded-for': reenviadaPara },
    });
  const registradas = async () =>
    (await testApp.app.db.query<{ ip: string }>('SELECT ip FROM consulta_verificacion ORDER BY id_consulta')).map(
      (fila) => fila.ip,
    );

  it('counts and records each visitor behind the trusted proxy by the address the proxy forwards', async () => {
    for (let i = 0; i < VERIFICACIONES_POR_MINUTO; i++)
      expect((await desde('10.1.2.3', '203.0.113.5')).statusCode).toBe(404);
    expect((await desde('10.1.2.3', '203.0.113.5')).statusCode).toBe(429);
    // Another visitor through the same proxy still has their whole budget.
    expect((await desde('10.1.2.3', '203.0.113.6')).statusCode).toBe(404);
    expect((await registradas()).at(-1)).toBe('203.0.113.6');
  });

  it('ignores X-Forwarded-For from anybody else: the connection’s address counts', async () => {
    expect((await desde('192.0.2.9', '203.0.113.77')).statusCode).toBe(404);
    expect((await registradas()).at(-1)).toBe('192.0.2.9');
  });
});

import { describe, expect, it } from 'vitest';
import { useTestStack } from '../testing/test-stack';

/** A pool of one connection, a short wait for it and a short statement limit, on real PostgreSQL. */
describe('a saturated database', () => {
  const stack = useTestStack({
    env: { DATABASE_POOL_MAX: '1', DATABASE_POOL_WAIT_MS: '300', DATABASE_STATEMENT_TIMEOUT_MS: '500' },
  });

  it('answers 503 with a Spanish message and Retry-After when no connection is free in time', async () => {
    const admin = await stack.as('admin');
    expect((await admin.get('/api/catalogos/tipos-expediente')).statusCode).toBe(200);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding = stack.app().db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await gate;
    });
    try {
      const response = await admin.get('/api/catalogos/tipos-expediente');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        success: false,
        msg: 'El servicio está saturado en este momento. Inténtelo de nuevo en unos segundos.',
        code: 'DB_UNAVAILABLE',
      });
    } finally {
      release();
      await holding;
    }
    expect((await admin.get('/api/catalogos/tipos-expediente')).statusCode).toBe(200);
  });

  it('cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    await expect(stack.app().db.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
    // The connection is usable again at once.
    await expect(stack.app().db.query('SELECT 1 AS uno')).resolves.toEqual([{ uno: 1 }]);
  });
});

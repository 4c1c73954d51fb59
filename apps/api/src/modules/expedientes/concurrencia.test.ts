import type { Expediente } from '@ecodigital/contracts/expedientes';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas, type PersonasDemo } from '../../testing/personas';
import { useTestStack, type TestStack } from '../../testing/test-stack';

async function crear(stack: TestStack, client: ApiClient, asunto: string): Promise<Expediente> {
  const db = stack.app().db;
  const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
  const response = await client.post('/api/expedientes', {
    asunto,
    id_tipo: tipo!.id,
    id_unidad: await idUnidad(db, CODIGOS.urbanismo),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The demo people of `stack`, signed in before the tests of the enclosing describe. */
function conPersonas(stack: TestStack): () => PersonasDemo {
  let personas: PersonasDemo | undefined;
  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
  });
  return () => personas!;
}

/** Eight transfers of one expediente at once, all with the version read: one wins, the rest are told it changed. */
function transferenciasConcurrentes(stack: TestStack, personas: () => PersonasDemo) {
  it('answers 200 to one of 8 concurrent transfers with the same version and 409 to the other 7', async () => {
    const { as } = personas();
    const expediente = await crear(stack, as.admin, 'Expediente que todos quieren transferir');
    const destinos = await Promise.all(
      [CODIGOS.tesoreria, CODIGOS.hacienda, CODIGOS.secretaria, CODIGOS.licencias].map((codigo) =>
        idUnidad(stack.app().db, codigo),
      ),
    );
    const respuestas = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        as.admin.post(`/api/expedientes/${expediente.id_expediente}/transferir`, {
          id_unidad: destinos[index % destinos.length],
          motivo: `Transferencia concurrente ${index}`,
          version: expediente.version,
        }),
      ),
    );
    const estados = respuestas.map((respuesta) => respuesta.statusCode).sort();
    expect(estados, respuestas.map((respuesta) => respuesta.body).join('\n')).toEqual([200, ...Array(7).fill(409)]);
    for (const perdedora of respuestas.filter((respuesta) => respuesta.statusCode === 409)) {
      expect(perdedora.json()).toEqual({
        success: false,
        msg: 'El expediente fue modificado por otro usuario. Recargue para ver los cambios.',
        code: 'VERSION_CONFLICT',
      });
    }
    const [fila] = await stack.app().db.query<{ version: number; transferencias: number }>(
      `SELECT version, (SELECT count(*) FROM historial WHERE id_expediente = $1 AND evento = 'transferencia')::integer
                AS transferencias
         FROM expediente WHERE id_expediente = $1`,
      [expediente.id_expediente],
    );
    expect(fila).toEqual({ version: expediente.version + 1, transferencias: 1 });
  });
}

describe('concurrent changes of one expediente on PostgreSQL', () => {
  const stack = useTestStack();
  const personas = conPersonas(stack);
  transferenciasConcurrentes(stack, personas);

  it('checks gestión under the row lock: a grant revoked while an edit waited for the lock refuses the edit', async () => {
    const { as, id } = personas();
    const expediente = await crear(stack, as.gestor, 'Expediente cuyo acceso se revoca a mitad');
    const concedido = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
      id_usuario: id.tesorera,
      nivel: 'gestion',
      motivo: 'Colaboración temporal',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    const idAcceso: number = concedido.json().data.id_acceso;

    // Another session revokes the grant holding the expediente's row, as a revocation does, and waits.
    const otra = new pg.Client({ connectionString: stack.testApp().database!.url });
    await otra.connect();
    try {
      await otra.query('BEGIN');
      await otra.query('SELECT 1 FROM expediente WHERE id_expediente = $1 FOR UPDATE', [expediente.id_expediente]);
      await otra.query('UPDATE acceso SET revocado_en = now(), revocado_por = $2 WHERE id_acceso = $1', [
        idAcceso,
        id.gestor,
      ]);
      // The edit began while the grant was live: its request read her access before the revocation.
      const edicion = as.tesorera.patch(`/api/expedientes/${expediente.id_expediente}`, {
        version: expediente.version,
        asunto: 'Cambio hecho tras la revocación',
      });
      await vi.waitFor(
        async () => {
          const { rows } = await otra.query(
            `SELECT count(*)::integer AS esperando FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          expect(rows[0].esperando).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      await otra.query('COMMIT');
      const respuesta = await edicion;
      expect(respuesta.statusCode, respuesta.body).toBe(404);
    } finally {
      await otra.end();
    }
    const [fila] = await stack
      .app()
      .db.query<{ asunto: string; version: number }>(
        'SELECT asunto, version FROM expediente WHERE id_expediente = $1',
        [expediente.id_expediente],
      );
    expect(fila).toEqual({ asunto: expediente.asunto, version: expediente.version });
  });
});

describe('concurrent changes of one expediente on PGlite', () => {
  const stack = useTestStack({ baseDeDatos: 'pglite' });
  transferenciasConcurrentes(stack, conPersonas(stack));
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../shared/caller/caller';
import { callerDePrueba, callerQueVeTodo } from '../../testing/callers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { resolverOrden } from './expedientes.query';
import { coincidenciasSql, paginaSql } from './expedientes.repository';
import { TOPE_TOTAL } from './list-page';

const FILAS = 80_000;
/** As in the benchmark's organisation: about 200 unidades, so one holds ~0,5 % of the rows. */
const UNIDADES = 200;
const administrador = callerQueVeTodo();
/** Set once the unidades exist: one who sees one unidad (and is responsable of a few rows elsewhere), one who sees three. */
let deUnaUnidad: Caller;
let deTresUnidades: Caller;

/**
 * The list's statements, built by the repository itself, must reach `expediente` through its
 * indexes at a realistic size: a sequential scan here is what makes a million rows slow.
 */
describe('expedientes list queries use their indexes', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.app.db;
    await db.query(
      `INSERT INTO usuario (sub, username, nombres, apellidos, roles) VALUES ('sub-x', 'x', 'X', 'Y', '{}')`,
    );
    const unidades = await db.query<{ id: number }>(
      `INSERT INTO unidad (codigo, nombre) SELECT 'IDX' || g, 'Unidad de prueba ' || g FROM generate_series(1, $1::integer) AS g
       RETURNING id`,
      [UNIDADES],
    );
    const ids = unidades.map((unidad) => unidad.id);
    deUnaUnidad = callerDePrueba({ id_usuario: 1, alcance: { unidades: [ids[7]!], lectura: [11, 12, 13] } });
    deTresUnidades = callerDePrueba({ id_usuario: 1, alcance: { unidades: [ids[3]!, ids[50]!, ids[120]!] } });
    await db.query(
      `INSERT INTO expediente (numero, asunto, id_tipo, id_unidad, interesado_nombre, estado, fecha_apertura, creado_por)
       SELECT 'EXP-' || (2021 + g % 5) || '-' || lpad(g::text, 6, '0'),
              (ARRAY['Licencia de obra menor en calle ', 'Queja por ruidos en plaza ', 'Solicitud de vado en avenida ',
                     'Recurso de reposición contra sanción ', 'Contrato de suministro de material '])[1 + g % 5] || (g % 97),
              1 + g % 6, ($2::integer[])[1 + g % $3::integer],
              (ARRAY['García', 'Núñez', 'Pérez', 'López', 'Iñigo'])[1 + g % 5] || ' ' || (g % 1013),
              (ARRAY['abierto', 'en_tramite', 'cerrado', 'archivado'])[1 + (g / 7) % 4],
              timestamptz '2021-01-01 00:00:00+00' + g * interval '30 minutes',
              (SELECT id_usuario FROM usuario WHERE username = 'x')
       FROM generate_series(1, $1::integer) AS g`,
      [FILAS, ids, UNIDADES],
    );
    // A few of them have a responsable: the restricted callers' rule 3.
    await db.query(`UPDATE expediente SET id_responsable = 1 WHERE id_expediente % 10000 = 0`);
    await db.exec('ANALYZE expediente');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  async function plan({ sql, values }: { sql: string; values: unknown[] }): Promise<string> {
    const rows = await testApp.app.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  const CASOS = {
    'first page, default sort': {},
    'search, common word': { q: 'licencia' },
    'search, rare word': { q: 'núñez 1001' },
    'filtered: estado + tipo + dates': {
      estado: ['en_tramite' as const],
      tipo: 3,
      desde: '2022-01-01',
      hasta: '2023-12-31',
    },
  };

  const QUIENES = {
    'sees everything': () => administrador,
    'sees one unidad': () => deUnaUnidad,
    'sees three unidades': () => deTresUnidades,
  };
  const COMBINACIONES = Object.entries(CASOS).flatMap(([caso, filtro]) =>
    Object.entries(QUIENES).map(([quien, caller]) => [caso, quien, filtro, caller] as const),
  );

  it.each(COMBINACIONES)(
    '%s, who %s: the page, the next page and the capped matches',
    async (caso, quien, filtro, quienLlama) => {
      const caller = quienLlama();
      const orden = resolverOrden(undefined, undefined);
      const planes = [
        await plan(paginaSql(caller, filtro, orden, { offset: 0 }, 20)),
        await plan(paginaSql(caller, filtro, orden, { despuesDe: ['2023-06-01 00:00:00+00', '40000'] }, 20)),
      ];
      // Unfiltered totals come from the counters; a common word's capped matches may be read from
      // the start of the table, stopped by their LIMIT (see coincidenciasSql).
      if (quien !== 'sees everything' || !['first page, default sort', 'search, common word'].includes(caso)) {
        planes.push(await plan(coincidenciasSql(caller, filtro, TOPE_TOTAL)));
      }
      for (const texto of planes) {
        expect(texto).toMatch(/Index|Bitmap/);
        expect(texto).not.toMatch(/Seq Scan on expediente/);
      }
    },
  );

  it('a page read from the ids already found goes through the primary key', async () => {
    const ids = Array.from({ length: TOPE_TOTAL }, (_, index) => 1 + index * 37);
    const texto = await plan(paginaSql(administrador, { ids }, resolverOrden(undefined, undefined), { offset: 0 }, 20));
    expect(texto).toMatch(/expediente_pkey/);
    expect(texto).not.toMatch(/Seq Scan on expediente/);
  });
});

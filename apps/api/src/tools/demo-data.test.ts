import { DOCUMENTO_IDENTIDAD_PATTERN } from '@ecodigital/contracts/expedientes';
import { claseDocumento, problemaDocumento } from '@ecodigital/contracts/identificacion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { runMigrations } from '../db/migrator';
import { createPgliteDatabase } from '../db/pglite-database';
import { useTestStack } from '../testing/test-stack';
import { seedDemo } from './demo-data';
import { idUnidad } from '../testing/organizacion';

/** The generated rows obey the same rules as the ones the API writes. */
async function expectConsistent(db: Database, total: number) {
  const [resumen] = await db.query<Record<string, number>>(
    `SELECT count(*)::int AS expedientes,
            count(DISTINCT numero)::int AS numeros,
            count(*) FILTER (WHERE interesado_documento !~ $1)::int AS documentos_mal,
            count(*) FILTER (WHERE (estado IN ('cerrado', 'archivado')) <> (fecha_cierre IS NOT NULL))::int AS cierres_mal,
            count(*) FILTER (WHERE fecha_cierre < fecha_apertura OR fecha_apertura > now())::int AS fechas_mal,
            count(*) FILTER (WHERE fecha_apertura < now() - interval '5 years 1 day')::int AS demasiado_antiguos,
            count(DISTINCT estado)::int AS estados,
            count(DISTINCT id_tipo)::int AS tipos,
            (SELECT count(*)::int FROM historial h WHERE h.evento = 'creacion') AS creaciones,
            (SELECT count(*)::int FROM usuario) AS usuarios
     FROM expediente`,
    [DOCUMENTO_IDENTIDAD_PATTERN],
  );
  expect(resumen).toEqual({
    expedientes: total,
    numeros: total,
    documentos_mal: 0,
    cierres_mal: 0,
    fechas_mal: 0,
    demasiado_antiguos: 0,
    estados: 4,
    tipos: 6,
    creaciones: total,
    usuarios: expect.any(Number),
  });
  expect(resumen!.usuarios).toBeGreaterThanOrEqual(3);
  // Each document holds its control character, as one written through the API must.
  const documentos = await db.query<{ documento: string }>(
    `SELECT DISTINCT interesado_documento AS documento FROM expediente WHERE interesado_documento IS NOT NULL`,
  );
  expect(documentos.filter(({ documento }) => problemaDocumento(documento) !== null)).toEqual([]);
  expect(new Set(documentos.map(({ documento }) => claseDocumento(documento)))).toEqual(new Set(['DNI', 'NIE', 'CIF']));

  // Per year: numbers 1…n without gaps, following the opening dates, and the counter at n.
  const años = await db.query<{ anio: number; n: number; maximo: number; ultimo: number; desordenados: number }>(
    `SELECT c.anio, count(e.*)::int AS n, max(substr(e.numero, 10)::int) AS maximo, c.ultimo,
            (SELECT count(*)::int FROM (
               SELECT numero < lag(numero) OVER (ORDER BY fecha_apertura, id_expediente) AS mal
               FROM expediente WHERE substr(numero, 5, 4)::int = c.anio) x WHERE mal) AS desordenados
     FROM expediente_contador c
     JOIN expediente e ON substr(e.numero, 5, 4)::int = c.anio
     GROUP BY c.anio, c.ultimo ORDER BY c.anio`,
  );
  expect(años.length).toBeGreaterThanOrEqual(5);
  for (const año of años)
    expect(año).toEqual({ anio: año.anio, n: año.ultimo, maximo: año.ultimo, ultimo: año.ultimo, desordenados: 0 });
}

describe('demo data generator on PostgreSQL', () => {
  const stack = useTestStack();

  it('generates valid rows in batches, and the API numbers the next expediente right after them', async () => {
    const progreso: number[] = [];
    await seedDemo(stack.app().db, {
      expedientes: 500,
      batchSize: 200,
      unidades: 40,
      onProgress: (hechos) => progreso.push(hechos),
    });
    expect(progreso).toEqual([200, 400, 500]);
    await expectConsistent(stack.app().db, 500);
    const [organizacion] = await stack.app().db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM unidad) AS unidades,
              (SELECT count(*)::int FROM expediente e JOIN unidad u ON u.id = e.id_unidad
               WHERE u.id_padre IS NULL OR NOT u.activa) AS fuera_de_lugar,
              (SELECT count(DISTINCT id_unidad)::int FROM expediente) AS unidades_con_expedientes,
              (SELECT count(*)::int FROM usuario p WHERE p.sub LIKE 'demo-%'
                 AND (SELECT count(*) FROM usuario_unidad x WHERE x.id_usuario = p.id_usuario) NOT BETWEEN 1 AND 3) AS sin_unidades,
              (SELECT count(*)::int FROM expediente WHERE id_responsable IS NOT NULL) AS con_responsable,
              (SELECT count(*)::int FROM expediente e WHERE e.id_responsable IS NOT NULL AND NOT EXISTS (
                 WITH RECURSIVE sobre(id) AS (
                   SELECT e.id_unidad
                   UNION
                   SELECT u.id_padre FROM unidad u JOIN sobre ON u.id = sobre.id WHERE u.id_padre IS NOT NULL
                 )
                 SELECT 1 FROM usuario_unidad uu WHERE uu.id_usuario = e.id_responsable AND uu.id_unidad IN (SELECT id FROM sobre)
               )) AS responsables_ajenos`,
    );
    expect(organizacion).toEqual({
      unidades: 40,
      fuera_de_lugar: 0,
      unidades_con_expedientes: expect.any(Number),
      sin_unidades: 0,
      con_responsable: expect.any(Number),
      // Whoever answers for an expediente belongs to its unidad or to one above it.
      responsables_ajenos: 0,
    });
    expect(organizacion!.con_responsable).toBeGreaterThan(100);
    expect(organizacion!.unidades_con_expedientes).toBeGreaterThan(20);

    const año = Number(
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(new Date()),
    );
    const [contador] = await stack
      .app()
      .db.query<{ ultimo: number }>('SELECT ultimo FROM expediente_contador WHERE anio = $1', [año]);
    const gestor = await stack.as('gestor');
    const response = await gestor.post('/api/expedientes', {
      asunto: 'Expediente tras los datos de demostración',
      id_tipo: 1,
      id_unidad: await idUnidad(stack.app().db),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.numero).toBe(`EXP-${año}-${String((contador?.ultimo ?? 0) + 1).padStart(6, '0')}`);

    const busqueda = (await gestor.get('/api/expedientes?q=licencia&pageSize=10')).json().data;
    expect(busqueda.total).toBeGreaterThan(0);
    expect(busqueda.items.every((item: { asunto: string }) => /licencia/i.test(item.asunto))).toBe(true);
  });
});

describe('demo data generator on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createPgliteDatabase();
    await runMigrations(db);
  });
  afterAll(() => db?.close());

  it('generates valid rows and continues the numbering on a second run', async () => {
    await seedDemo(db, { expedientes: 150, batchSize: 100 });
    await expectConsistent(db, 150);
    await seedDemo(db, { expedientes: 60, batchSize: 100 });
    const [row] = await db.query<{ total: number; distintos: number }>(
      'SELECT count(*)::int AS total, count(DISTINCT numero)::int AS distintos FROM expediente',
    );
    expect(row).toEqual({ total: 210, distintos: 210 });
  });
});

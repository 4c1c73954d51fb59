import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { findModulosPermitidos } from '../modules/session/session.repository';
import { findPermisosByRoles, upsertUsuario } from '../shared/caller/caller.repository';
import { resolverOrden } from '../modules/expedientes/expedientes.query';
import { exportFilas } from '../modules/expedientes/expedientes.export';
import {
  contarPorEstado,
  findCoincidencias,
  findPagina,
  insertExpediente,
  takeNumero,
} from '../modules/expedientes/expedientes.repository';
import { findHistorialPagina, insertEvento, registrarLectura } from '../modules/expedientes/historial.repository';
import type { Database } from './database';
import { callerQueVeTodo } from '../testing/callers';
import { sembrarOrganizacionDemo } from '../demo/organizacion-demo';
import { DEMO_USERS } from '@ecodigital/idp/users';
import { leerAlcance } from '../shared/caller/alcance';
import { loadMigrations, runMigrations } from './migrator';
import { createPgDatabase } from './pg-database';
import { createPgliteDatabase } from './pglite-database';

const ALL = [
  '001_extensions',
  '002_usuarios_roles_menu',
  '003_expedientes',
  '004_documentos',
  '005_inicio_notificaciones',
  '006_lista_expedientes',
  '007_estadisticas_busqueda',
  '008_verificacion',
  '009_unidades_accesos',
  '010_texto_documentos',
  '011_gestion_por_acceso',
  '012_roles_declarados_y_denegaciones',
  '013_lecturas',
  '015_trabajos',
  '016_colas_en_trabajos',
  '017_privilegios_api',
  '019_metadatos_eni',
  '020_indice_firmado',
  '024_plazos',
  '030_integridad',
  '031_queja_o_reclamacion',
  '032_actualizado_con_documentos_y_accesos',
  '033_buscar_en_documentos',
  '034_texto_en_trozos',
  '035_verificacion_csv',
  '036_retencion',
  '037_copia_autentica',
  '038_consultas_verificacion_caducan',
  '039_documentos_por_expediente',
];

describe('migrations on PostgreSQL', () => {
  let testDatabase: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = createPgDatabase(testDatabase.url);
  });
  afterAll(async () => {
    await db.close();
    await testDatabase.drop();
  });

  it('applies every file once, in order, even when two processes start together', async () => {
    const other = createPgDatabase(testDatabase.url);
    try {
      const [first, second] = await Promise.all([runMigrations(db), runMigrations(other)]);
      expect([...first, ...second].sort()).toEqual(ALL);
    } finally {
      await other.close();
    }
    const recorded = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((row) => row.version)).toEqual(ALL.map((name) => name.slice(0, 3)));
  });

  it('is idempotent: a second run applies nothing', async () => {
    expect(await runMigrations(db)).toEqual([]);
    const modulos = await db.query('SELECT nom_modulo FROM modulo ORDER BY id');
    expect(modulos).toEqual([
      { nom_modulo: 'expedientes' },
      { nom_modulo: 'subir-documentos' },
      { nom_modulo: 'administracion' },
      { nom_modulo: 'administracion/unidades' },
      { nom_modulo: 'administracion/personas' },
      { nom_modulo: 'administracion/roles' },
      { nom_modulo: 'administracion/catalogos' },
      { nom_modulo: 'administracion/auditoria' },
      { nom_modulo: 'administracion/indice' },
      { nom_modulo: 'administracion/trabajos' },
      { nom_modulo: 'administracion/calendario' },
      { nom_modulo: 'administracion/integridad' },
      { nom_modulo: 'buscar-documentos' },
      { nom_modulo: 'administracion/cuadro-clasificacion' },
      { nom_modulo: 'administracion/eliminacion' },
    ]);
  });

  it('creates the search extensions', async () => {
    const [row] = await db.query<{ plano: string; similar: boolean }>(
      `SELECT unaccent('Ñandú Pérez') AS plano, similarity('expediente', 'expedientes') > 0.5 AS similar`,
    );
    expect(row).toEqual({ plano: 'Nandu Perez', similar: true });
  });

  it('rolls a failing migration back and reports which one failed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migraciones-'));
    try {
      await writeFile(path.join(dir, '900_buena.sql'), 'CREATE TABLE prueba_buena (id int);');
      await writeFile(path.join(dir, '901_mala.sql'), 'CREATE TABLE prueba_mala (id int); SELECT * FROM no_existe;');
      const migrations = await loadMigrations(dir);
      await expect(runMigrations(db, migrations)).rejects.toThrow(/901_mala/);
      const tables = await db.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE tablename LIKE 'prueba_%' ORDER BY 1`,
      );
      expect(tables).toEqual([{ name: 'prueba_buena' }]);
      const recorded = await db.query('SELECT version FROM schema_migrations WHERE version >= $1', ['900']);
      expect(recorded).toEqual([{ version: '900' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that does not follow NNN_name.sql', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migraciones-'));
    try {
      await writeFile(path.join(dir, 'sin_numero.sql'), 'SELECT 1;');
      await expect(loadMigrations(dir)).rejects.toThrow(/sin_numero/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('migrations and session queries on PGlite', () => {
  let dataDir: string;
  let db: Database;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('applies every migration, then nothing on a second run, also after reopening', async () => {
    expect(await runMigrations(db)).toEqual(ALL);
    expect(await runMigrations(db)).toEqual([]);
    await db.close();
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
    expect(await runMigrations(db)).toEqual([]);
  });

  it('runs the session queries', async () => {
    const claims = {
      sub: 'sub-consulta',
      username: 'consulta',
      nombres: 'Lucía',
      apellidos: 'Fernández Díaz',
      email: null,
      roles: ['consulta'],
      grupos: null,
    };
    const created = await upsertUsuario(db, claims);
    const updated = await upsertUsuario(db, { ...claims, email: 'lucia@example.org' });
    expect(updated).toEqual({ ...created, email: 'lucia@example.org' });
    expect(updated.roles).toEqual(['consulta']);

    const permisos = await findPermisosByRoles(db, ['consulta']);
    expect(permisos).toEqual(['documentos.descargar', 'expedientes.ver']);
    const modulos = await findModulosPermitidos(db, permisos);
    expect(modulos.map((modulo) => modulo.nom_modulo)).toEqual(['expedientes', 'buscar-documentos']);

    const [row] = await db.query<{ plano: string }>(`SELECT unaccent('Ñandú') AS plano`);
    expect(row?.plano).toBe('Nandu');
  });

  it('runs the expedientes queries: numbering, accent-insensitive search, keyset export, append-only historial', async () => {
    const usuario = await upsertUsuario(db, {
      sub: 'sub-gestor',
      username: 'gestor',
      nombres: 'Juan Carlos',
      apellidos: 'Pérez Ruiz',
      email: null,
      roles: ['gestor'],
      grupos: null,
    });
    const caller = callerQueVeTodo(usuario.id_usuario);
    const numeros: string[] = [];
    for (const asunto of ['Petición de vado permanente', 'Queja por ruidos', 'Licencia de obra 100% menor']) {
      await db.transaction(async (tx) => {
        const numero = await takeNumero(tx);
        const id = await insertExpediente(
          tx,
          numero,
          {
            asunto,
            descripcion: null,
            id_tipo: 1,
            id_unidad: 1,
            interesado_nombre: 'Ñandú Núñez',
            interesado_documento: '12345678Z',
            id_responsable: null,
          },
          usuario.id_usuario,
        );
        await insertEvento(tx, {
          id_expediente: id,
          id_usuario: usuario.id_usuario,
          evento: 'creacion',
          descripcion: 'Creó',
        });
        numeros.push(numero);
      });
    }
    expect(numeros.map((numero) => numero.slice(-6))).toEqual(['000001', '000002', '000003']);

    const orden = resolverOrden(undefined, undefined);
    const encontrados = await findPagina(db, caller, { q: 'PETICION' }, orden, { offset: 0 }, 10);
    expect(encontrados.items.map((item) => item.asunto)).toEqual(['Petición de vado permanente']);
    expect(await findCoincidencias(db, caller, { q: 'nandu nunez' }, 10)).toHaveLength(3);
    expect(await findCoincidencias(db, caller, { q: 'nandu nunez' }, 1)).toHaveLength(2);
    const [porcentaje] = await findCoincidencias(db, caller, { q: '0%' }, 10);
    const soloEse = await findPagina(db, caller, { ids: [porcentaje!] }, orden, { offset: 0 }, 10);
    expect(soloEse.items.map((item) => item.asunto)).toEqual(['Licencia de obra 100% menor']);
    expect(
      await findCoincidencias(db, caller, { desde: '2000-01-01', hasta: '2999-12-31', estado: ['abierto'] }, 10),
    ).toHaveLength(3);
    expect(await contarPorEstado(db, ['abierto', 'cerrado'])).toBe(3);
    const primeraPagina = await findPagina(db, caller, {}, resolverOrden('numero', 'asc'), { offset: 0 }, 2);
    const segundaPagina = await findPagina(
      db,
      caller,
      {},
      resolverOrden('numero', 'asc'),
      { despuesDe: primeraPagina.siguiente! },
      2,
    );
    expect([...primeraPagina.items, ...segundaPagina.items].map((item) => item.numero)).toEqual(numeros);
    expect(segundaPagina.siguiente).toBeNull();

    const exportados: string[] = [];
    for await (const lote of exportFilas(db, caller, {}, resolverOrden('numero', 'desc'), 2))
      exportados.push(...lote.map((fila) => fila.numero));
    expect(exportados).toEqual([...numeros].reverse());

    const [primero] = await findPagina(db, caller, { q: numeros[0] }, orden, { offset: 0 }, 10).then(
      (pagina) => pagina.items,
    );
    for (let vez = 0; vez < 3; vez++) {
      await registrarLectura(db, {
        id_expediente: primero!.id_expediente,
        id_usuario: usuario.id_usuario,
        evento: 'consulta',
      });
    }
    const historial = await findHistorialPagina(db, primero!.id_expediente, { limite: 1, lecturas: true });
    expect(historial.items.map((entrada) => [entrada.evento, entrada.lectura?.veces])).toEqual([['consulta', 3]]);
    const siguiente = await findHistorialPagina(db, primero!.id_expediente, {
      limite: 1,
      lecturas: true,
      despuesDe: historial.siguiente!,
    });
    expect(siguiente).toMatchObject({ items: [{ evento: 'creacion', lectura: null }], siguiente: null });
    await expect(db.query('DELETE FROM lectura')).rejects.toThrow(/solo se cuentan/);
    await expect(db.query('DELETE FROM historial')).rejects.toThrow(/solo admite añadir/);
  });

  it("runs the organisation queries: the demo tree, a person's alcance (down the tree, grants up it), the unit filter", async () => {
    expect(await sembrarOrganizacionDemo(db)).toBe(true);
    expect(await sembrarOrganizacionDemo(db)).toBe(false);
    const subDe = (username: string) => DEMO_USERS.find((persona) => persona.username === username)!.id;
    const [gestor] = await db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario WHERE sub = $1', [
      subDe('gestor'),
    ]);
    const ids = Object.fromEntries(
      (await db.query<{ codigo: string; id: number }>('SELECT codigo, id FROM unidad')).map((u) => [u.codigo, u.id]),
    );
    const alcance = await leerAlcance(db, gestor!.id_usuario);
    expect([...alcance.unidades].sort((a, b) => a - b)).toEqual(
      [ids.LA0019005, ids.LA0019006, ids.LA0019007].sort((a, b) => a! - b!),
    );
    const [expediente] = await db.query<{ id_expediente: number }>('SELECT id_expediente FROM expediente LIMIT 1');
    const [admin] = await db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario WHERE sub = $1', [
      subDe('admin'),
    ]);
    // A grant to the root reaches every unidad below it; an expired one reaches nobody.
    await db.query(
      `INSERT INTO acceso (id_expediente, id_unidad, nivel, motivo, concedido_por) VALUES ($1, $2, 'lectura', 'A toda la casa', $3)`,
      [expediente!.id_expediente, ids.L01419999, admin!.id_usuario],
    );
    await db.query(
      `INSERT INTO acceso (id_expediente, id_usuario, nivel, hasta, motivo, concedido_por)
       VALUES ($1, $2, 'gestion', current_date - 2, 'Caducado', $3)`,
      [expediente!.id_expediente, gestor!.id_usuario, admin!.id_usuario],
    );
    expect(await leerAlcance(db, gestor!.id_usuario)).toMatchObject({
      lectura: [expediente!.id_expediente],
      gestion: [],
    });
    await expect(db.query('DELETE FROM acceso')).rejects.toThrow(/no se borran/);
    await expect(
      db.query('UPDATE unidad SET id_padre = $1 WHERE id = $2', [ids.LA0019006, ids.LA0019005]),
    ).rejects.toThrow(/no puede depender/);
    const porUnidad = await findCoincidencias(db, callerQueVeTodo(), { unidad: ids.L01419999 }, 10);
    expect(porUnidad.length).toBeGreaterThan(0);
  });
});

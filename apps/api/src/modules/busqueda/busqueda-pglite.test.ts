import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { runMigrations } from '../../db/migrator';
import { createPgliteDatabase } from '../../db/pglite-database';
import { upsertUsuario } from '../../shared/caller/caller.repository';
import type { Caller } from '../../shared/caller/caller';
import { COLA_TEXTO, guardarResultado } from '../documentos/texto/cola';
import { JobFailure } from '../../shared/jobs/job-errors';
import { JobRunner } from '../../shared/jobs/job-runner';
import { silentLog } from '../../testing/silent-log';
import { insertExpediente, takeNumero } from '../expedientes/expedientes.repository';
import { buscarDocumentos } from './busqueda.repository';
import { leerBusqueda } from './consulta-texto';
import { callerDePrueba } from '../../testing/callers';

/** The embedded database has PostgreSQL's Spanish dictionary and unaccent: the same queue and search work there. */
describe('queue and search on PGlite', () => {
  let db: Database;
  let caller: Caller;
  const textos = [
    'Resolución por la que se concede la licencia de obra en la calle Mayor 12.',
    'Petición de informe sobre licencias de apertura.',
  ];

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await runMigrations(db);
    const usuario = await upsertUsuario(db, {
      sub: 'sub-admin',
      username: 'admin',
      nombres: 'María José',
      apellidos: 'García López',
      email: null,
      roles: ['administrador'],
      grupos: null,
    });
    caller = callerDePrueba({
      id_usuario: usuario.id_usuario,
      permisos: ['expedientes.ver', 'documentos.descargar'],
      alcance: { unidades: [1] },
    });
    await db.transaction(async (tx) => {
      const id = await insertExpediente(
        tx,
        await takeNumero(tx),
        {
          asunto: 'Obras',
          descripcion: null,
          id_tipo: 1,
          id_unidad: 1,
          interesado_nombre: null,
          interesado_documento: null,
          id_responsable: null,
        },
        usuario.id_usuario,
      );
      for (const [i] of textos.entries()) {
        const hash = String(i + 1).repeat(64);
        await tx.query(
          `INSERT INTO documento (id_expediente, orden, nombre, id_tipo_documental, fecha_incorporacion, tamano, formato,
                                  mime, huella, clave_almacen, hash_anterior, hash_entrada, subido_por)
           VALUES ($1, $2, $3, 1, now(), 10, 'TXT', 'text/plain', $4, gen_random_uuid(), $5, $4, $6)`,
          [id, i + 1, `documento-${i + 1}.txt`, hash, i === 0 ? null : '1'.repeat(64), usuario.id_usuario],
        );
      }
    });
  });
  afterAll(async () => {
    await db.close();
  });

  it('queues each document by its trigger, takes each once, retries a failure, stores text and vector', async () => {
    const documentos = await db.query<{ id: number; nombre: string }>(
      'SELECT id_documento AS id, nombre FROM documento ORDER BY id_documento',
    );
    const textoDe = (clave: string) => textos[documentos.findIndex((d) => String(d.id) === clave)]!;
    const intentos = new Map<string, number>();
    const jobs = new JobRunner({ db, log: silentLog });
    jobs.define({
      name: COLA_TEXTO,
      title: 'Extracción de texto',
      workers: 1,
      maxAttempts: 3,
      run: async (trabajo, contexto) => {
        const intento = (intentos.get(trabajo.key!) ?? 0) + 1;
        intentos.set(trabajo.key!, intento);
        if (trabajo.key === String(documentos[1]!.id) && intento === 1) {
          throw new JobFailure('No se pudo leer el archivo del almacenamiento.', { permanent: false });
        }
        await contexto.complete((tx) =>
          guardarResultado(tx, Number(trabajo.key), { texto: textoDe(trabajo.key!), paginas: 1, paginasOcr: 0 }),
        );
      },
    });
    expect(await jobs.drain(COLA_TEXTO)).toBe(2);
    expect(await db.query('SELECT estado FROM documento_texto ORDER BY id_documento')).toEqual([
      { estado: 'indexado' },
      { estado: 'pendiente' },
    ]);
    await db.query(`UPDATE trabajo SET disponible_desde = now()`);
    expect(await jobs.drain(COLA_TEXTO)).toBe(1);
    expect(await db.query('SELECT estado FROM documento_texto ORDER BY id_documento')).toEqual([
      { estado: 'indexado' },
      { estado: 'indexado' },
    ]);
    expect([...intentos.values()]).toEqual([1, 2]);
  });

  it('searches with stems, without accents, by prefix and by phrase, with fragments', async () => {
    const buscar = async (q: string) =>
      (await buscarDocumentos(db, caller, leerBusqueda(q), {}, { page: 1, pageSize: 20 })).items
        .map((i) => i.nombre)
        .sort();
    expect(await buscar('licencias')).toEqual(['documento-1.txt', 'documento-2.txt']);
    expect(await buscar('peticion')).toEqual(['documento-2.txt']);
    expect(await buscar('resolucion')).toEqual(['documento-1.txt']);
    expect(await buscar('apert')).toEqual(['documento-2.txt']);
    expect(await buscar('"calle Mayor 12"')).toEqual(['documento-1.txt']);
    const [uno] = (await buscarDocumentos(db, caller, leerBusqueda('licencia'), {}, { page: 1, pageSize: 1 })).items;
    expect(uno!.fragmento.some((trozo) => trozo.resaltado)).toBe(true);
  });

  it('searches only the names, and gives no fragment, to whoever may not open the documents', async () => {
    const sinDescarga = { ...caller, permisos: ['expedientes.ver'] };
    const buscar = (q: string) => buscarDocumentos(db, sinDescarga, leerBusqueda(q), {}, { page: 1, pageSize: 20 });
    expect((await buscar('licencias')).items).toEqual([]);
    expect((await buscar('documento')).items.map((item) => [item.nombre, item.fragmento, item.miniatura])).toEqual([
      ['documento-2.txt', [], false],
      ['documento-1.txt', [], false],
    ]);
  });
});

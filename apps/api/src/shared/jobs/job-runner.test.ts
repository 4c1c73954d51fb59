import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { createPgDatabase } from '../../db/pg-database';
import { silentLog } from '../../testing/silent-log';
import { JobBusyError, JobFailure, QueuePausedError, StoppingError } from './job-errors';
import { JobRunner } from './job-runner';
import { declareQueue, enqueueJob } from './job-store';
import { setQueuePaused } from './job-admin';
import type { QueueDefinition } from './queue-definition';
import { DATABASES, gate, until, type MigratedDatabase } from './testing/job-test-kit';

interface Fila {
  estado: string;
  intentos: number;
  motivo: string | null;
  espera_s: number;
  testigo: string | null;
}

describe.each(DATABASES)('the job runner on $kind', ({ kind, open }) => {
  let database: MigratedDatabase;
  let db: Database;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    database = await open();
    db = database.db;
    await db.exec(`CREATE TABLE resultado_prueba (clave text PRIMARY KEY, valor text NOT NULL)`);
    await declareQueue(db, 'prueba', 'Cola de prueba');
  }, 120_000);
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await database?.close();
  });
  beforeEach(async () => {
    await db.exec(`DELETE FROM trabajo; DELETE FROM resultado_prueba; UPDATE cola SET pausada = false`);
  });

  /** A runner with one queue `prueba` (its own definition merged over the defaults). */
  function runner(definition: Partial<QueueDefinition> = {}, on: Database = db): JobRunner {
    const jobs = new JobRunner({ db: on, log: silentLog, idlePollMs: 50 });
    jobs.define({
      name: 'prueba',
      title: 'Cola de prueba',
      workers: 1,
      maxAttempts: 3,
      run: async (job, context) => {
        await context.complete((tx) => guardar(tx, job.key!, 'hecho'));
      },
      ...definition,
    });
    runners.push(jobs);
    return jobs;
  }

  const guardar = (tx: Queryable, clave: string, valor: string) =>
    tx.query('INSERT INTO resultado_prueba (clave, valor) VALUES ($1, $2)', [clave, valor]);
  const resultados = async () =>
    (await db.query<{ clave: string; valor: string }>('SELECT clave, valor FROM resultado_prueba ORDER BY clave')).map(
      (fila) => `${fila.clave}=${fila.valor}`,
    );
  const fila = async (clave: string): Promise<Fila | undefined> =>
    (
      await db.query<Fila>(
        `SELECT estado, intentos, motivo, testigo::text AS testigo,
                extract(epoch FROM disponible_desde - now())::float AS espera_s
         FROM trabajo WHERE cola = 'prueba' AND clave = $1`,
        [clave],
      )
    )[0];
  const encolar = (clave: string) => enqueueJob(db, 'prueba', { key: clave, description: `Prueba ${clave}` });
  const disponibleYa = () => db.query(`UPDATE trabajo SET disponible_desde = now() WHERE estado = 'pendiente'`);

  it('runs a queued job once: its result and its end in one transaction, the row gone', async () => {
    const jobs = runner();
    await jobs.drain('prueba');
    await encolar('a');
    await encolar('a');
    expect(await jobs.drain('prueba')).toBe(1);
    expect(await resultados()).toEqual(['a=hecho']);
    expect(await fila('a')).toBeUndefined();
  });

  it('retries a failure that may pass after a growing wait, and gives up after the last attempt', async () => {
    let llamadas = 0;
    const jobs = runner({
      maxAttempts: 2,
      run: async () => {
        llamadas++;
        throw new JobFailure('El almacenamiento no responde.', { permanent: false });
      },
      onFailed: async (tx, job, motivo) => guardar(tx, job.key!, motivo),
    });
    await encolar('b');
    expect(await jobs.drain('prueba')).toBe(1);
    const primera = await fila('b');
    expect(primera).toMatchObject({ estado: 'pendiente', intentos: 1, motivo: 'El almacenamiento no responde.' });
    expect(primera!.espera_s).toBeGreaterThan(20);
    expect(await jobs.drain('prueba')).toBe(0);
    await disponibleYa();
    expect(await jobs.drain('prueba')).toBe(1);
    expect(await fila('b')).toMatchObject({
      estado: 'fallido',
      intentos: 2,
      motivo: 'El almacenamiento no responde. Se agotaron los 2 intentos.',
    });
    expect(await resultados()).toEqual(['b=El almacenamiento no responde. Se agotaron los 2 intentos.']);
    await disponibleYa();
    expect(await jobs.drain('prueba')).toBe(0);
    expect(llamadas).toBe(2);
  });

  it('a permanent failure is not retried; an administrator may queue it again', async () => {
    const jobs = runner({
      run: async () => {
        throw new JobFailure('El PDF está dañado.', { permanent: true });
      },
    });
    await encolar('c');
    await jobs.drain('prueba');
    expect(await fila('c')).toMatchObject({ estado: 'fallido', intentos: 1, motivo: 'El PDF está dañado.' });
    await encolar('c');
    expect(await fila('c')).toMatchObject({ estado: 'pendiente', intentos: 0, motivo: null });
  });

  it('a job whose process died at every attempt (each lease expired) fails without running again', async () => {
    let llamadas = 0;
    const jobs = runner({
      run: async () => {
        llamadas++;
      },
    });
    await encolar('d');
    await db.query(
      `UPDATE trabajo SET estado = 'en_curso', intentos = 3, testigo = nextval('trabajo_testigo_seq'),
         tomado_por = 'muerta', tomado_hasta = now() - interval '1 second' WHERE clave = 'd'`,
    );
    expect(await jobs.drain('prueba')).toBe(1);
    expect(llamadas).toBe(0);
    expect(await fila('d')).toMatchObject({
      estado: 'fallido',
      intentos: 4,
      motivo: 'Se interrumpió sin terminar en cada intento. Se agotaron los 3 intentos.',
    });
  });

  it('a result of a take whose lease was lost is not stored: the new holder’s is', async () => {
    const viejoDentro = gate();
    const viejoSigue = gate();
    let viejoGuardado: boolean | undefined;
    const viejo = runner({
      run: async (job, context) => {
        viejoDentro.open();
        await viejoSigue.promise;
        viejoGuardado = await context.complete((tx) => guardar(tx, job.key!, 'viejo'));
      },
    });
    await encolar('e');
    const primero = viejo.drain('prueba');
    await viejoDentro.promise;
    // Its instance froze past its lease: another takes the job over, with a token of its own…
    await db.query(`UPDATE trabajo SET tomado_hasta = now() - interval '1 second' WHERE clave = 'e'`);
    const nuevoDentro = gate();
    const nuevoSigue = gate();
    const nuevo = runner({
      run: async (job, context) => {
        nuevoDentro.open();
        await nuevoSigue.promise;
        await context.complete((tx) => guardar(tx, job.key!, 'nuevo'));
      },
    });
    const segundo = nuevo.drain('prueba');
    await nuevoDentro.promise;
    // …and, while the new take still works, the old one wakes up and finishes first.
    viejoSigue.open();
    await primero;
    expect(viejoGuardado).toBe(false);
    expect(await resultados()).toEqual([]);
    nuevoSigue.open();
    expect(await segundo).toBe(1);
    expect(await resultados()).toEqual(['e=nuevo']);
  });

  it('renews the lease while the job runs: nobody takes it after its first lease would have ended', async () => {
    const dentro = gate();
    const seguir = gate();
    const jobs = runner({
      leaseMs: 300,
      run: async (job, context) => {
        dentro.open();
        await seguir.promise;
        await context.complete((tx) => guardar(tx, job.key!, 'hecho'));
      },
    });
    await encolar('f');
    const ejecucion = jobs.drain('prueba');
    await dentro.promise;
    const [{ hasta }] = (await db.query<{ hasta: Date }>(
      `SELECT tomado_hasta AS hasta FROM trabajo WHERE clave = 'f'`,
    )) as [{ hasta: Date }];
    // Well past the first lease (three renewals' worth).
    await until(
      async () =>
        (
          await db.query<{ pasado: boolean }>(`SELECT now() > $1::timestamptz + interval '1 second' AS pasado`, [hasta])
        )[0]!.pasado,
      'the first lease to be long over',
    );
    const otro = runner();
    expect(await otro.drain('prueba')).toBe(0);
    seguir.open();
    await ejecucion;
    expect(await resultados()).toEqual(['f=hecho']);
  });

  it('a job past its time limit is aborted and fails for good with the queue’s reason', async () => {
    const jobs = runner({
      timeLimitMs: 200,
      timeLimitReason: (ms) => `Tardó más de ${ms} ms.`,
      run: (_job, context) =>
        new Promise((_resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(context.signal.reason)),
        ),
    });
    await encolar('g');
    await jobs.drain('prueba');
    expect(await fila('g')).toMatchObject({ estado: 'fallido', intentos: 1, motivo: 'Tardó más de 200 ms.' });
  });

  it('a paused queue gives no job until it is resumed; running exclusively in it is refused', async () => {
    const jobs = runner();
    await jobs.drain('prueba');
    const [usuario] = await db.query<{ id: number }>(
      `INSERT INTO usuario (sub, username, nombres, apellidos) VALUES ('sub-pausa-${kind}', 'pausa', 'Pausa', 'Prueba')
       ON CONFLICT (sub) DO UPDATE SET username = EXCLUDED.username RETURNING id_usuario AS id`,
    );
    await db.transaction((tx) => setQueuePaused(tx, 'prueba', true, usuario!.id));
    await encolar('h');
    expect(await jobs.drain('prueba')).toBe(0);
    await expect(jobs.runExclusive('prueba', 'x', 'X', async () => 1)).rejects.toBeInstanceOf(QueuePausedError);
    await db.transaction((tx) => setQueuePaused(tx, 'prueba', false, usuario!.id));
    expect(await jobs.drain('prueba')).toBe(1);
  });

  it('stopping gives the running job back to its queue without spending an attempt', async () => {
    const dentro = gate();
    let motivo: unknown;
    const jobs = runner({
      run: (_job, context) =>
        new Promise((_resolve, reject) => {
          dentro.open();
          context.signal.addEventListener('abort', () => {
            motivo = context.signal.reason;
            reject(context.signal.reason);
          });
        }),
    });
    await encolar('i');
    jobs.start();
    await dentro.promise;
    await jobs.stop();
    expect(motivo).toBeInstanceOf(StoppingError);
    expect(await fila('i')).toMatchObject({ estado: 'pendiente', intentos: 0, testigo: null });
  });

  it('a started runner picks up what is queued and woken, with several workers at once', async () => {
    const dentro: string[] = [];
    const seguir = gate();
    const jobs = runner({
      workers: 2,
      run: async (job, context) => {
        dentro.push(job.key!);
        await seguir.promise;
        await context.complete((tx) => guardar(tx, job.key!, 'hecho'));
      },
    });
    jobs.start();
    await encolar('j1');
    await encolar('j2');
    jobs.wake('prueba');
    await until(() => dentro.length === 2, 'both jobs to run at once');
    seguir.open();
    await until(async () => (await resultados()).length === 2, 'both results');
    await jobs.stop();
    expect(await resultados()).toEqual(['j1=hecho', 'j2=hecho']);
  });

  it('a recurring job comes back after its period instead of ending', async () => {
    let veces = 0;
    const jobs = runner({
      run: async () => {
        veces++;
      },
    });
    await jobs.schedule('prueba', 'diario', 24 * 3_600_000, 'Todos los días');
    await jobs.schedule('prueba', 'diario', 24 * 3_600_000, 'Todos los días');
    expect(await jobs.drain('prueba')).toBe(1);
    const siguiente = await fila('diario');
    expect(siguiente).toMatchObject({ estado: 'pendiente', intentos: 0 });
    expect(siguiente!.espera_s).toBeGreaterThan(23 * 3600);
    expect(await jobs.drain('prueba')).toBe(0);
    await disponibleYa();
    expect(await jobs.drain('prueba')).toBe(1);
    expect(veces).toBe(2);
  });

  it('runs one key exclusively at a time; a run whose instance stopped is taken over once its lease expires', async () => {
    const jobs = runner({ workers: 0, run: undefined });
    const dentro = gate();
    const seguir = gate();
    const primera = jobs.runExclusive('prueba', 'exp-1', 'Expediente 1', async () => {
      dentro.open();
      await seguir.promise;
      return 'primera';
    });
    await dentro.promise;
    await expect(jobs.runExclusive('prueba', 'exp-1', 'Expediente 1', async () => 'otra')).rejects.toBeInstanceOf(
      JobBusyError,
    );
    expect(await jobs.runExclusive('prueba', 'exp-2', 'Expediente 2', async () => 'otra clave')).toBe('otra clave');
    seguir.open();
    expect(await primera).toBe('primera');
    expect(await fila('exp-1')).toBeUndefined();

    await db.query(
      `INSERT INTO trabajo (cola, clave, estado, intentos, testigo, tomado_por, tomado_hasta)
       VALUES ('prueba', 'exp-3', 'en_curso', 1, nextval('trabajo_testigo_seq'), 'muerta', now() - interval '1 second')`,
    );
    expect(await jobs.runExclusive('prueba', 'exp-3', 'Expediente 3', async () => 'retomada')).toBe('retomada');
    await expect(
      jobs.runExclusive('prueba', 'exp-4', 'Expediente 4', async () => {
        throw new JobFailure('No se pudo leer el almacenamiento.', { permanent: false });
      }),
    ).rejects.toBeInstanceOf(JobFailure);
    expect(await fila('exp-4')).toMatchObject({ estado: 'fallido', motivo: 'No se pudo leer el almacenamiento.' });
  });
});

describe('the job runner in two instances on PostgreSQL', () => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await DATABASES.find((d) => d.kind === 'postgres')!.open();
    await database.db.exec(`CREATE TABLE resultado_prueba (clave text PRIMARY KEY, valor text NOT NULL)`);
  }, 120_000);
  afterAll(async () => database?.close());

  it('two instances draining one queue at once run every job exactly once', async () => {
    const otraConexion = createPgDatabase(database.url!);
    const instancia = (db: Database) => {
      const jobs = new JobRunner({ db, log: silentLog });
      jobs.define({
        name: 'prueba',
        title: 'Cola de prueba',
        workers: 1,
        maxAttempts: 3,
        run: async (job, context) => {
          await context.complete((tx) =>
            tx.query('INSERT INTO resultado_prueba (clave, valor) VALUES ($1, $2)', [job.key, 'hecho']),
          );
        },
      });
      return jobs;
    };
    try {
      const a = instancia(database.db);
      const b = instancia(otraConexion);
      await a.drain('prueba');
      const claves = Array.from({ length: 12 }, (_, i) => `k${String(i).padStart(2, '0')}`);
      for (const clave of claves) await enqueueJob(database.db, 'prueba', { key: clave });
      const [hechosA, hechosB] = await Promise.all([a.drain('prueba'), b.drain('prueba')]);
      expect(hechosA + hechosB).toBe(12);
      const filas = await database.db.query<{ clave: string }>('SELECT clave FROM resultado_prueba ORDER BY clave');
      expect(filas.map((fila) => fila.clave)).toEqual(claves);
    } finally {
      await otraConexion.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { useTestStack } from '../../testing/test-stack';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';
import { LOTE_REINDEXADO } from './indice-texto.service';

const stack = useTestStack();

describe('administration of the text index', () => {
  it('only with «administracion.indice» (administrador)', async () => {
    for (const usuario of ['gestor', 'consulta'] as const) {
      const cliente = await stack.as(usuario);
      expect((await cliente.get('/api/admin/indice-texto')).statusCode).toBe(403);
      expect((await cliente.post('/api/admin/indice-texto/reindexar', {})).statusCode).toBe(403);
    }
  });

  it('counts documents per state and lists the errors with their reason', async () => {
    const expediente = await crearExpediente(stack, 'Índice');
    const uno = await subirArchivo(stack, expediente, 'uno.txt', Buffer.from('Primera acta de la junta'));
    await subirArchivo(stack, expediente, 'dos.txt', Buffer.from('Segunda acta'));
    const db = stack.app().db;
    await db.query(
      `UPDATE documento_texto SET estado = 'error', motivo = 'El PDF está dañado.' WHERE id_documento = $1`,
      [uno],
    );
    const admin = await stack.as('admin');
    const estado = (await admin.get('/api/admin/indice-texto')).json().data;
    expect(estado).toMatchObject({
      porEstado: { pendiente: 1, indexado: 0, sin_texto: 0, error: 1 },
      enProceso: 0,
      reindexado: null,
      ocrDisponible: true,
      errores: [{ id_documento: uno, nombre: 'uno.txt', motivo: 'El PDF está dañado.' }],
    });
  });

  it('re-indexes every vector in the background with progress, one run at a time, and search sees the new vectors', async () => {
    const app = stack.app();
    const expediente = await crearExpediente(stack, 'Reindexado');
    const id = await subirArchivo(
      stack,
      expediente,
      'convenio.txt',
      Buffer.from('Convenio de colaboración con la peña'),
    );
    await app.extraccionTexto.procesarPendientes();
    // As if the configuration had changed: the vectors no longer hold the text.
    await app.db.query(`UPDATE documento_texto SET vector = to_tsvector('simple', '')`);
    const admin = await stack.as('admin');
    expect((await admin.get('/api/documentos/buscar?q=convenio')).json().data.total).toBe(0);

    const inicio = await admin.post('/api/admin/indice-texto/reindexar', {});
    expect(inicio.statusCode).toBe(202);
    expect(inicio.json().msg).toMatch(/Reindexado iniciado/);
    expect(inicio.json().data.reindexado).toMatchObject({
      modo: 'vectores',
      solicitado_por: 'María José García López',
    });
    // Its job is queued; a worker of any instance takes it.
    expect(await app.jobs.drain('reindexado')).toBe(1);
    const fin = (await admin.get('/api/admin/indice-texto')).json().data.reindexado;
    expect(fin.hechos).toBe(fin.total);
    const encontrado = (await admin.get('/api/documentos/buscar?q=convenio')).json().data;
    expect(encontrado.items.map((item: { id_documento: number }) => item.id_documento)).toEqual([id]);
  }, 60_000);

  it('refuses a second run while one is unfinished (409), and any instance resumes it where it stopped', async () => {
    const app = stack.app();
    const [usuario] = await app.db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario LIMIT 1');
    const [total] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documento_texto');
    // A run left by an instance that stopped after its first batch: its job's lease already expired.
    const [run] = await app.db.query<{ id: number }>(
      `INSERT INTO reindexado (modo, solicitado_por, total, hechos, ultimo_id)
       VALUES ('extraccion', $1, $2, 1, (SELECT min(id_documento) FROM documento_texto))
       RETURNING id`,
      [usuario!.id_usuario, total!.n],
    );
    await app.db.query(
      `INSERT INTO trabajo (cola, clave, estado, intentos, testigo, tomado_por, tomado_hasta)
       VALUES ('reindexado', $1, 'en_curso', 1, nextval('trabajo_testigo_seq'), 'parada', now() - interval '1 second')`,
      [String(run!.id)],
    );
    const admin = await stack.as('admin');
    const otra = await admin.post('/api/admin/indice-texto/reindexar', { modo: 'vectores' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().msg).toMatch(/Ya hay un reindexado en curso/);

    expect(await app.jobs.drain('reindexado')).toBe(1);
    const [fin] = await app.db.query<{ hechos: number; terminado: Date | null }>(
      'SELECT hechos, terminado FROM reindexado WHERE id = $1',
      [run!.id],
    );
    expect(fin).toMatchObject({ hechos: total!.n });
    expect(fin!.terminado).not.toBeNull();
    // Extraction mode queues every document but the first (already done by the stopped instance).
    const [pendientes] = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM documento_texto dt
       JOIN trabajo t ON t.cola = 'texto' AND t.clave = dt.id_documento::text AND t.estado = 'pendiente'
       WHERE dt.estado = 'pendiente'`,
    );
    expect(pendientes!.n).toBe(total!.n - 1);
    expect(LOTE_REINDEXADO).toBeGreaterThan(1);
  });

  it('refuses an unknown mode with a Spanish message', async () => {
    const admin = await stack.as('admin');
    const respuesta = await admin.post('/api/admin/indice-texto/reindexar', { modo: 'todo' });
    expect(respuesta.statusCode).toBe(400);
  });
});

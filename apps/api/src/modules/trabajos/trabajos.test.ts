import { describe, expect, it } from 'vitest';
import { useTestStack } from '../../testing/test-stack';
import { crearExpediente, filaTexto, subirArchivo } from '../documentos/texto/testing/subir';

const stack = useTestStack();

const estado = async () => (await (await stack.as('admin')).get('/api/admin/trabajos')).json().data;
const cola = async (nombre: string) =>
  (await estado()).colas.find((c: { nombre: string }) => c.nombre === nombre) as Record<string, unknown>;

describe('administration of the background jobs', () => {
  it('only with «administracion.trabajos» (administrador): others get 403 and change nothing', async () => {
    for (const usuario of ['gestor', 'consulta', 'tesorera'] as const) {
      const cliente = await stack.as(usuario);
      expect((await cliente.get('/api/admin/trabajos')).statusCode).toBe(403);
      expect((await cliente.post('/api/admin/trabajos/colas/texto/pausar')).statusCode).toBe(403);
      expect((await cliente.post('/api/admin/trabajos/colas/texto/reanudar')).statusCode).toBe(403);
      expect((await cliente.post('/api/admin/trabajos/1/reintentar')).statusCode).toBe(403);
    }
    expect(await cola('texto')).toMatchObject({ pausada: false });
  });

  it('lists every queue with its jobs by state, in Spanish', async () => {
    const expediente = await crearExpediente(stack, 'Colas');
    await subirArchivo(stack, expediente, 'pendiente.txt', Buffer.from('Pendiente de leer'));
    const { colas, fallidos } = await estado();
    expect(colas.map((c: { titulo: string }) => c.titulo)).toEqual([
      'Avisos de plazos de resolución',
      'Borrado de las consultas de verificación antiguas',
      'Extracción de texto',
      'Reindexado del índice de búsqueda',
      'Revisión de la integridad de los documentos',
      'Verificación de integridad',
    ]);
    expect(colas[2]).toMatchObject({ nombre: 'texto', pausada: false, pausada_por: null, en_curso: 0, fallidos: 0 });
    expect(colas[2].pendientes).toBeGreaterThanOrEqual(1);
    expect(fallidos).toEqual([]);
    await stack.app().extraccionTexto.procesarPendientes();
  });

  it('pauses a queue (its jobs wait), records who did it, and resumes it', async () => {
    const app = stack.app();
    const admin = await stack.as('admin');
    const expediente = await crearExpediente(stack, 'Pausa');
    const id = await subirArchivo(stack, expediente, 'espera.txt', Buffer.from('Espera a que se reanude'));

    const pausa = await admin.post('/api/admin/trabajos/colas/texto/pausar');
    expect(pausa.statusCode).toBe(200);
    expect(pausa.json().msg).toBe(
      'Cola «Extracción de texto» en pausa: sus trabajos esperan hasta que se reanude; los que estaban en curso terminan.',
    );
    expect(pausa.json().data.colas[2]).toMatchObject({ pausada: true, pausada_por: 'María José García López' });
    expect(await app.extraccionTexto.procesarPendientes()).toBe(0);
    expect((await filaTexto(stack, id)).estado).toBe('pendiente');
    // Pausing again changes nothing and is not recorded twice.
    expect((await admin.post('/api/admin/trabajos/colas/texto/pausar')).statusCode).toBe(200);

    const reanudada = await admin.post('/api/admin/trabajos/colas/texto/reanudar');
    expect(reanudada.json().msg).toBe('Cola «Extracción de texto» reanudada.');
    expect(reanudada.json().data.colas[2]).toMatchObject({ pausada: false, pausada_por: null, pausada_en: null });
    expect(await app.extraccionTexto.procesarPendientes()).toBe(1);
    expect((await filaTexto(stack, id)).estado).toBe('indexado');

    const auditoria = (await admin.get('/api/admin/auditoria?entidad=cola')).json().data.items;
    expect(auditoria.map((r: { descripcion: string }) => r.descripcion)).toEqual([
      'Reanudó la cola «Extracción de texto».',
      'Pausó la cola «Extracción de texto».',
    ]);
  });

  it('an unknown queue answers 404 in Spanish', async () => {
    const admin = await stack.as('admin');
    for (const nombre of ['no-existe', 'TEXTO', '..%2F..%2Fetc']) {
      const respuesta = await admin.post(`/api/admin/trabajos/colas/${nombre}/pausar`);
      expect(respuesta.statusCode).toBe(404);
      expect(respuesta.json().msg).toBe('La cola de trabajos no existe.');
    }
  });

  it('lists a failed job with its reason and retries it from its first attempt', async () => {
    const app = stack.app();
    const admin = await stack.as('admin');
    const expediente = await crearExpediente(stack, 'Reintento');
    const id = await subirArchivo(stack, expediente, 'fallido.txt', Buffer.from('Acta de la comisión'));
    // As the queue leaves a document whose attempts ran out.
    const motivo = 'No se pudo leer el archivo del almacenamiento. Se agotaron los 3 intentos.';
    await app.db.query(
      `UPDATE trabajo SET estado = 'fallido', intentos = 3, motivo = $2 WHERE cola = 'texto' AND clave = $1`,
      [String(id), motivo],
    );
    await app.db.query(`UPDATE documento_texto SET estado = 'error', motivo = $2 WHERE id_documento = $1`, [
      id,
      motivo,
    ]);

    const { colas, fallidos } = await estado();
    expect(colas[2].fallidos).toBe(1);
    expect(fallidos).toEqual([
      expect.objectContaining({
        cola: 'texto',
        titulo: 'Extracción de texto',
        descripcion: `Documento nº ${id}`,
        intentos: 3,
        motivo,
      }),
    ]);

    const reintento = await admin.post(`/api/admin/trabajos/${fallidos[0].id}/reintentar`);
    expect(reintento.statusCode).toBe(200);
    expect(reintento.json().msg).toBe(`«Documento nº ${id}» vuelve a la cola desde su primer intento.`);
    expect(reintento.json().data.fallidos).toEqual([]);
    expect(await filaTexto(stack, id)).toMatchObject({
      estado: 'pendiente',
      motivo: null,
      trabajo: { estado: 'pendiente', intentos: 0 },
    });
    expect(await app.extraccionTexto.procesarPendientes()).toBe(1);
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', trabajo: null });

    for (const otro of [fallidos[0].id, 'abc', '99999999', '0', '1e3']) {
      const respuesta = await admin.post(`/api/admin/trabajos/${otro}/reintentar`);
      expect(respuesta.statusCode).toBe(404);
      expect(respuesta.json().msg).toBe('No hay un trabajo fallido con ese número: quizá ya se reintentó.');
    }
    const auditoria = (await admin.get('/api/admin/auditoria?entidad=trabajo')).json().data.items;
    expect(auditoria.map((r: { descripcion: string }) => r.descripcion)).toEqual([
      `Reintentó «Documento nº ${id}» de la cola «Extracción de texto».`,
    ]);
  });
});

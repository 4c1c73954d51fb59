import { randomBytes } from 'node:crypto';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { LocalStorageConfig } from '../../storage/storage-config';
import { useTestStack, type TestStack } from '../../testing/test-stack';
import { until } from '../../shared/jobs/testing/job-test-kit';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';
import { samplePdf } from '../documentos/inspection/testing/sample-files';

/** A PDF of several read chunks (64 KiB each on local disk), so the last one is not the first. */
const pdf = (texto: string, kib = 300) => Buffer.concat([samplePdf(texto), randomBytes(kib * 1024)]);

async function rutaDe(stack: TestStack, idDocumento: number): Promise<string> {
  const dir = (stack.testApp().config.storage as LocalStorageConfig).dir;
  const [row] = await stack
    .app()
    .db.query<{ clave: string }>('SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1', [
      idDocumento,
    ]);
  return path.join(dir, row!.clave.slice(0, 2), row!.clave.slice(2, 4), row!.clave);
}

async function voltearUnByte(stack: TestStack, idDocumento: number): Promise<void> {
  const ruta = await rutaDe(stack, idDocumento);
  const bytes = await readFile(ruta);
  bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0x01;
  await writeFile(ruta, bytes);
}

/** The recurring revision job, due now (a test does not wait for its period). */
async function revisarAhora(stack: TestStack): Promise<number> {
  const app = stack.app();
  await app.integridad.programar();
  await app.db.query(`UPDATE trabajo SET disponible_desde = now() WHERE cola = 'integridad'`);
  return app.jobs.drain('integridad');
}

const estado = async (stack: TestStack) => (await (await stack.as('admin')).get('/api/admin/integridad')).json().data;

describe('fixity: the rolling revision, its findings and who is told', () => {
  // This instance runs no revision by itself: the tests drive it.
  const stack = useTestStack({ env: { INTEGRIDAD_MIB_POR_SEGUNDO: '0' } });
  let port: number;

  beforeAll(async () => {
    await stack.app().listen({ port: 0, host: '127.0.0.1' });
    port = (stack.app().server.address() as AddressInfo).port;
  });

  it('only with «administracion.integridad» (administrador): others get 403', async () => {
    for (const usuario of ['gestor', 'consulta', 'tesorera'] as const) {
      const respuesta = await (await stack.as(usuario)).get('/api/admin/integridad');
      expect(respuesta.statusCode).toBe(403);
      expect(respuesta.json().msg).toMatch(/permiso/i);
    }
    expect((await (await stack.as('admin')).get('/api/admin/integridad')).statusCode).toBe(200);
  });

  it('finds a flipped byte and a removed file, records them, and tells the administrators at once', async () => {
    const expediente = await crearExpediente(stack, 'Revisión de integridad');
    const intacto = await subirArchivo(stack, expediente, 'intacto.pdf', pdf('intacto', 10));
    const alterado = await subirArchivo(stack, expediente, 'alterado.pdf', pdf('alterado', 10));
    const borrado = await subirArchivo(stack, expediente, 'borrado.pdf', pdf('borrado', 10));
    await voltearUnByte(stack, alterado);
    await unlink(await rutaDe(stack, borrado));

    expect(await revisarAhora(stack)).toBe(1);

    const { ronda, hallazgos, proxima_ronda, periodo_dias } = await estado(stack);
    expect(ronda).toMatchObject({ documentos_revisados: 3, documentos_total: 3, hallazgos: 2 });
    expect(ronda.terminada).not.toBeNull();
    expect(periodo_dias).toBe(30);
    expect(new Date(proxima_ronda).getTime() - new Date(ronda.iniciada).getTime()).toBe(30 * 86_400_000);
    expect(
      hallazgos.map((h: { tipo: string; origen: string; documento: { nombre: string } }) => [
        h.documento.nombre,
        h.tipo,
        h.origen,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['alterado.pdf', 'archivo_alterado', 'revision'],
        ['borrado.pdf', 'archivo_ausente', 'revision'],
      ]),
    );
    expect(hallazgos).toHaveLength(2);
    const resultados = await stack
      .app()
      .db.query<{ id_documento: number; resultado: string }>(
        'SELECT id_documento, resultado FROM integridad_documento ORDER BY id_documento',
      );
    expect(resultados).toEqual([
      { id_documento: intacto, resultado: 'correcto' },
      { id_documento: alterado, resultado: 'archivo_alterado' },
      { id_documento: borrado, resultado: 'archivo_ausente' },
    ]);

    // The administrator's bell rings; the gestor who uploaded them hears nothing of it.
    const admin = (await (await stack.as('admin')).get('/api/notificaciones')).json().data;
    const avisos = admin.eventos.filter((e: { tipo: string }) => e.tipo === 'integridad');
    expect(avisos.map((e: { descripcion: string }) => e.descripcion).sort()).toEqual([
      'El archivo del documento nº 2 «alterado.pdf» fue alterado: su SHA-256 ya no coincide con el índice.',
      'El archivo del documento nº 3 «borrado.pdf» no está en el almacenamiento.',
    ]);
    expect(avisos[0]).toMatchObject({ usuario: null, expediente: { id_expediente: expediente } });
    expect(admin.no_vistos).toBeGreaterThanOrEqual(2);
    const gestor = (await (await stack.as('gestor')).get('/api/notificaciones')).json().data;
    expect(gestor.eventos.filter((e: { tipo: string }) => e.tipo === 'integridad')).toEqual([]);

    // Not due again before its period: another take reads nothing.
    expect(await revisarAhora(stack)).toBe(1);
    expect((await estado(stack)).ronda.id).toBe(ronda.id);
  });

  async function descargar(idDocumento: number, extra: Record<string, string> = {}, ruta = 'descargar') {
    const { access_token } = await stack.idp().tokensFor('consulta');
    return fetch(`http://127.0.0.1:${port}/api/documentos/${idDocumento}/${ruta}`, {
      headers: { authorization: `Bearer ${access_token}`, ...extra },
    });
  }

  it('a download or preview of a tampered file breaks off before its last byte, is recorded and told', async () => {
    const expediente = await crearExpediente(stack, 'Descarga de un archivo alterado');
    const contenido = pdf('se altera');
    const id = await subirArchivo(stack, expediente, 'se-altera.pdf', contenido);

    // Intact: the whole file, as ever.
    const integra = await descargar(id);
    expect(integra.status).toBe(200);
    expect(Buffer.from(await integra.arrayBuffer()).equals(contenido)).toBe(true);

    await voltearUnByte(stack, id);
    for (const ruta of ['descargar', 'vista']) {
      const respuesta = await descargar(id, {}, ruta);
      // The headers went out before the last chunk was hashed; the body never completes.
      expect(respuesta.status).toBe(200);
      expect(Number(respuesta.headers.get('content-length'))).toBe(contenido.length);
      await expect(respuesta.arrayBuffer()).rejects.toThrow();
    }

    // A range cannot be checked alone: the whole file is, before a byte of it goes out.
    const rango = await descargar(id, { range: 'bytes=0-99' });
    expect(rango.status).toBe(500);
    expect(((await rango.json()) as { msg: string }).msg).toBe(
      'El archivo de este documento no coincide con su huella SHA-256: no se entrega. Se avisó a los administradores.',
    );

    await until(
      async () =>
        (await estado(stack)).hallazgos.filter(
          (h: { documento: { id_documento: number } }) => h.documento.id_documento === id,
        ).length === 3,
      'the three findings recorded',
    );
    const hallazgos = (await estado(stack)).hallazgos.filter(
      (h: { documento: { id_documento: number } }) => h.documento.id_documento === id,
    );
    expect(hallazgos.map((h: { origen: string }) => h.origen).sort()).toEqual(['descarga', 'descarga', 'vista']);
    expect(hallazgos[0]).toMatchObject({ tipo: 'archivo_alterado', usuario: 'Lucía Fernández Díaz' });
    const admin = (await (await stack.as('admin')).get('/api/notificaciones')).json().data;
    expect(
      admin.eventos.filter(
        (e: { tipo: string; expediente: { id_expediente: number } }) =>
          e.tipo === 'integridad' && e.expediente.id_expediente === expediente,
      ),
    ).toHaveLength(3);
  });

  it('a download of a removed file answers 500 in Spanish and is recorded', async () => {
    const expediente = await crearExpediente(stack, 'Descarga de un archivo borrado');
    const id = await subirArchivo(stack, expediente, 'se-borra.pdf', pdf('se borra', 10));
    await unlink(await rutaDe(stack, id));
    const respuesta = await descargar(id);
    expect(respuesta.status).toBe(500);
    expect(((await respuesta.json()) as { code: string }).code).toBe('ARCHIVO_AUSENTE');
    const [hallazgo] = (await estado(stack)).hallazgos;
    expect(hallazgo).toMatchObject({ tipo: 'archivo_ausente', origen: 'descarga', documento: { id_documento: id } });
  });
});

describe('fixity: a round resumes where it was after the instance restarts', () => {
  // 12 files of ~200 KiB at 1 MiB/s: a round of more than two seconds, time to stop it halfway.
  const stack = useTestStack({ env: { INTEGRIDAD_MIB_POR_SEGUNDO: '1' } });

  it('goes on from the last document it recorded, on another instance', async () => {
    const expediente = await crearExpediente(stack, 'Ronda interrumpida');
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) ids.push(await subirArchivo(stack, expediente, `doc-${i}.pdf`, pdf(`doc ${i}`, 200)));
    const app = stack.app();
    const ronda = () =>
      app.db
        .query<{ id: number; documentos_revisados: number; terminada: Date | null }>('SELECT * FROM integridad_ronda')
        .then((rows) => rows[0]);

    await app.integridad.programar();
    app.jobs.start();
    await until(async () => ((await ronda())?.documentos_revisados ?? 0) >= 2, 'two documents revised');
    await app.jobs.stop();
    const interrumpida = (await ronda())!;
    expect(interrumpida.terminada).toBeNull();
    expect(interrumpida.documentos_revisados).toBeLessThan(12);

    // Altered after this round read it: a round that started over would find it.
    await voltearUnByte(stack, ids[0]!);

    const otra = await buildApp(stack.testApp().config, { logger: false });
    try {
      await otra.ready();
      expect(await otra.jobs.drain('integridad')).toBe(1);
    } finally {
      await otra.close();
    }
    const terminada = (await ronda())!;
    expect(terminada).toMatchObject({ id: interrumpida.id, documentos_revisados: 12, hallazgos: 0 });
    expect(terminada.terminada).not.toBeNull();
    expect(await app.db.query('SELECT 1 FROM integridad_hallazgo')).toEqual([]);
  });
});

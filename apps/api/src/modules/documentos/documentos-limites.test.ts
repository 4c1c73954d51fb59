import type { ResultadoSubida } from '@ecodigital/contracts/documentos';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { formulario, type ParteFormulario } from './testing/multipart';
import { MAX_ARCHIVOS_POR_ENVIO } from './subida.multipart';
import { idUnidad } from '../../testing/organizacion';

/** One request with more files than are incorporated at once: every file gets its outcome. */
describe('an upload with too many files (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  let gestor: ApiClient;
  let idTipoDocumental: number;

  beforeAll(async () => {
    gestor = await stack.as('gestor');
    const [tipoDoc] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_documental LIMIT 1');
    idTipoDocumental = tipoDoc!.id;
  });

  async function nuevoExpediente(): Promise<number> {
    const [tipo] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente LIMIT 1');
    const unidad = { id: await idUnidad(stack.app().db) };
    const response = await gestor.post('/api/expedientes', {
      asunto: 'Muchos archivos de una vez',
      id_tipo: tipo!.id,
      id_unidad: unidad!.id,
    });
    return response.json().data.id_expediente;
  }

  const archivos = (n: number, desde = 0): ParteFormulario[] =>
    Array.from({ length: n }, (_, i) => ({
      campo: 'archivo',
      archivo: `nota-${desde + i + 1}.txt`,
      contenido: Buffer.from(`Nota número ${desde + i + 1}: texto distinto en cada archivo.\n`),
      tipo: 'text/plain',
    }));

  async function subir(id: number, partes: ParteFormulario[]) {
    const { payload, headers } = formulario(partes);
    const token = (await stack.idp().tokensFor('gestor')).access_token;
    return stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${id}/documentos`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  }

  const guardados = async (id: number) =>
    Number(
      (
        await stack.app().db.query<{ n: string }>('SELECT count(*) AS n FROM documento WHERE id_expediente = $1', [id])
      )[0]!.n,
    );

  it('stores the first 100 of 150 files and reports each of the 150, never "failed" for a stored one', async () => {
    const id = await nuevoExpediente();
    const response = await subir(id, [
      { campo: 'id_tipo_documental', valor: String(idTipoDocumental) },
      ...archivos(150),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.msg).toBe(`Se incorporaron ${MAX_ARCHIVOS_POR_ENVIO} de 150 documentos.`);
    const resultados = body.data as ResultadoSubida[];
    expect(resultados).toHaveLength(150);
    expect(resultados.slice(0, 100).every((r) => r.resultado === 'subido' && r.documento)).toBe(true);
    expect(resultados.slice(100).every((r) => r.resultado === 'rechazado')).toBe(true);
    expect(resultados[120]!.motivo).toBe(
      'El archivo «nota-121.txt» no se incorporó: se admiten 100 archivos por envío. Súbalo en otro envío.',
    );
    expect(await guardados(id)).toBe(100);
  }, 60_000);

  it('reports what it stored even when the request holds more parts than are read at all', async () => {
    const id = await nuevoExpediente();
    const response = await subir(id, [
      { campo: 'id_tipo_documental', valor: String(idTipoDocumental) },
      ...archivos(1_005),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.msg).toContain(`Se incorporaron ${MAX_ARCHIVOS_POR_ENVIO} de`);
    expect(body.msg).toContain('las últimas no se procesaron');
    const resultados = body.data as ResultadoSubida[];
    expect(resultados.filter((r) => r.resultado === 'subido')).toHaveLength(100);
    expect(await guardados(id)).toBe(100);
  }, 60_000);

  it('refuses the files after a bad tipo documental, and keeps and reports the ones before it', async () => {
    const id = await nuevoExpediente();
    const response = await subir(id, [
      { campo: 'id_tipo_documental', valor: String(idTipoDocumental) },
      ...archivos(2),
      { campo: 'id_tipo_documental', valor: '999999' },
      ...archivos(1, 2),
    ]);
    expect(response.statusCode).toBe(200);
    const resultados = response.json().data as ResultadoSubida[];
    expect(resultados.map((r) => r.resultado)).toEqual(['subido', 'subido', 'rechazado']);
    expect(resultados[2]!.motivo).toBe(
      'El archivo «nota-3.txt» no se incorporó: El tipo documental indicado no existe.',
    );
    expect(await guardados(id)).toBe(2);
  });
});

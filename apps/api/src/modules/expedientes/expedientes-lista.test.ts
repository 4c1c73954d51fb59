import { ORDENABLES, type ExpedientesPagina } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { encodeCursor } from './cursor';
import { TOPE_TOTAL } from './list-page';

const FILAS = TOPE_TOTAL * 2;
const CURSOR_NO_VALIDO = {
  success: false,
  msg: 'El cursor de paginación no es válido para este orden. Vuelva a la primera página.',
  code: 'VALIDATION',
};

describe('expedientes list: keyset cursor and totals', () => {
  const stack = useTestStack();
  let admin: ApiClient;

  beforeAll(async () => {
    admin = await stack.as('admin');
    await admin.get('/api/session/get');
    // Few distinct dates, asuntos and estados, so ties must be broken by id across page boundaries.
    await stack.app().db.query(
      `INSERT INTO expediente (numero, asunto, id_tipo, id_unidad, estado, fecha_apertura, creado_por)
       SELECT 'EXP-2024-' || lpad(g::text, 6, '0'),
              CASE WHEN g % 3 = 0 THEN 'Licencia de obra ' || (g % 7) ELSE 'Queja vecinal ' || (g % 5) END,
              1 + g % 6, 1 + g % 8,
              (ARRAY['abierto', 'en_tramite', 'cerrado', 'archivado'])[1 + g % 4],
              timestamptz '2024-05-01 10:00:00.123456+00' + (g % 9) * interval '1 day',
              (SELECT id_usuario FROM usuario WHERE username = 'admin')
       FROM generate_series(1, $1::integer) AS g`,
      [FILAS],
    );
  });

  async function pagina(query: string): Promise<ExpedientesPagina> {
    const response = await admin.get(`/api/expedientes?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** Every page from the first, following `siguiente`. */
  async function recorrer(query: string): Promise<{ ids: number[]; paginas: number }> {
    const ids: number[] = [];
    let cursor: string | null = null;
    let paginas = 0;
    do {
      const actual: ExpedientesPagina = await pagina(`${query}&pageSize=100${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...actual.items.map((item) => item.id_expediente));
      cursor = actual.siguiente;
      paginas += 1;
    } while (cursor);
    return { ids, paginas };
  }

  it.each(ORDENABLES.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'following the cursor by %s %s gives every row once, in the order of the offset pages',
    async (sort, order) => {
      const { ids, paginas } = await recorrer(`sort=${sort}&order=${order}`);
      expect(paginas).toBe(Math.ceil(FILAS / 100));
      expect(new Set(ids).size).toBe(FILAS);
      const porOffset: number[] = [];
      for (let page = 1; page <= paginas; page += 1) {
        porOffset.push(
          ...(await pagina(`sort=${sort}&order=${order}&pageSize=100&page=${page}`)).items.map(
            (item) => item.id_expediente,
          ),
        );
      }
      expect(ids).toEqual(porOffset);
    },
  );

  it('applies the filters after the cursor too, and ends with siguiente null', async () => {
    const { ids } = await recorrer('q=licencia&estado=abierto&estado=cerrado');
    const esperados = (
      await stack.app().db.query<{ id_expediente: number }>(
        `SELECT id_expediente FROM expediente WHERE asunto LIKE 'Licencia%' AND estado IN ('abierto', 'cerrado')
         ORDER BY fecha_apertura DESC, id_expediente DESC`,
      )
    ).map((row) => row.id_expediente);
    expect(ids).toEqual(esperados);
    const ultima = await pagina(`q=licencia&estado=abierto&estado=cerrado&pageSize=100&page=9`);
    expect(ultima.siguiente).toBeNull();
  });

  it('echoes page with a cursor and reads the rows after it, not at the offset', async () => {
    const primera = await pagina('pageSize=10');
    const segunda = await pagina(`pageSize=10&page=2&cursor=${primera.siguiente}`);
    expect(segunda.page).toBe(2);
    expect(segunda.items.map((item) => item.id_expediente)).toEqual(
      (await pagina('pageSize=10&page=2')).items.map((item) => item.id_expediente),
    );
    const claves = await stack.app().db.query<{ claves: string[] }>(
      `SELECT ARRAY[fecha_apertura::text, id_expediente::text] AS claves FROM expediente
       ORDER BY fecha_apertura DESC, id_expediente DESC OFFSET 9 LIMIT 1`,
    );
    expect(primera.siguiente).toBe(encodeCursor(claves[0]!.claves));
  });

  it('refuses a cursor that is not one, or belongs to another sort, with a Spanish 400', async () => {
    const deFecha = (await pagina('pageSize=10')).siguiente!;
    for (const [query, razon] of [
      ['cursor=no-es-un-cursor', 'not base64 JSON'],
      [`cursor=${encodeCursor(['x'])}`, 'one key for a two-key sort'],
      [`sort=numero&cursor=${deFecha}`, 'two keys for a one-key sort'],
      [`sort=estado&cursor=${encodeCursor(['primero', '1'])}`, 'estado_orden not a number'],
      [`cursor=${encodeCursor(['2024-02-30 10:00:00+00', '1'])}`, 'a day that does not exist'],
      [`cursor=${encodeCursor(['2024-05-01 10:00:00+00', '99999999999'])}`, 'id out of range'],
      [`sort=numero&cursor=${encodeCursor(['EXP\u0000'])}`, 'a NUL character'],
    ]) {
      const response = await admin.get(`/api/expedientes?${query}`);
      expect(response.statusCode, razon).toBe(400);
      expect(response.json(), razon).toEqual(CURSOR_NO_VALIDO);
    }
    const vacio = await admin.get('/api/expedientes?cursor=');
    expect(vacio.statusCode).toBe(400);
  });

  describe('total', () => {
    it('comes from the per-estado counters when only estado filters and the caller sees everything', async () => {
      // The counters and the rows disagree on purpose: the answer shows which one was read.
      // Part 7 may already exist: the triggers spread each key over random parts.
      await stack.app().db.query(
        `INSERT INTO cifra (clave, parte, total) VALUES ('estado:abierto', 7, 5000)
         ON CONFLICT (clave, parte) DO UPDATE SET total = cifra.total + 5000`,
      );
      try {
        const porEstado = { abierto: 0, en_tramite: 0, cerrado: 0, archivado: 0 };
        for (const row of await stack
          .app()
          .db.query<{ estado: keyof typeof porEstado; n: number }>(
            'SELECT estado, count(*)::integer AS n FROM expediente GROUP BY estado',
          )) {
          porEstado[row.estado] = row.n;
        }
        expect(await pagina('pageSize=10')).toMatchObject({ total: FILAS + 5000, totalExacto: true });
        expect(await pagina('estado=abierto&estado=cerrado')).toMatchObject({
          total: porEstado.abierto + 5000 + porEstado.cerrado,
          totalExacto: true,
        });
        expect(await pagina('estado=en_tramite&estado=en_tramite')).toMatchObject({
          total: porEstado.en_tramite,
          totalExacto: true,
        });
        // Any other filter counts the rows themselves.
        expect(await pagina('estado=abierto&tipo=2')).toMatchObject({ totalExacto: true });
        expect((await pagina('estado=abierto&q=%20')).total).toBe(porEstado.abierto + 5000);
      } finally {
        await stack
          .app()
          .db.query(`UPDATE cifra SET total = total - 5000 WHERE clave = 'estado:abierto' AND parte = 7`);
      }
    });

    it(`counts other filters up to ${TOPE_TOTAL} and says when there are more`, async () => {
      const [queja] = await stack
        .app()
        .db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM expediente WHERE asunto LIKE 'Queja%'`);
      expect(queja!.n).toBeGreaterThan(TOPE_TOTAL);
      expect(await pagina('q=queja&pageSize=10')).toMatchObject({ total: TOPE_TOTAL, totalExacto: false });
      const [licencia] = await stack
        .app()
        .db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM expediente WHERE asunto LIKE 'Licencia%'`);
      expect(licencia!.n).toBeLessThanOrEqual(TOPE_TOTAL);
      expect(await pagina('q=licencia&pageSize=10')).toMatchObject({ total: licencia!.n, totalExacto: true });
      const tipo2 = await pagina('tipo=2&pageSize=10&page=3');
      expect(tipo2).toMatchObject({ total: Math.floor((FILAS - 1) / 6) + 1, totalExacto: true });
    });

    it(`counts every match past ${TOPE_TOTAL} when asked (contar=todos), so the last page can be read`, async () => {
      const [queja] = await stack
        .app()
        .db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM expediente WHERE asunto LIKE 'Queja%'`);
      const contada = await pagina('q=queja&pageSize=10&contar=todos');
      expect(contada).toMatchObject({ total: queja!.n, totalExacto: true });
      const ultimaPagina = Math.ceil(queja!.n / 10);
      const ultima = await pagina(`q=queja&pageSize=10&contar=todos&page=${ultimaPagina}`);
      expect(ultima.items).toHaveLength(queja!.n - (ultimaPagina - 1) * 10);
      expect(ultima.siguiente).toBeNull();
      const respuesta = await admin.get('/api/expedientes?contar=algunos');
      expect(respuesta.statusCode).toBe(400);
    });

    it('is the page itself when the first page holds every match', async () => {
      expect(await pagina('q=licencia%20de%20obra%203&pageSize=100')).toMatchObject({
        totalExacto: true,
        siguiente: null,
      });
      const pocos = await pagina('q=licencia%20de%20obra%203&pageSize=100');
      expect(pocos.total).toBe(pocos.items.length);
    });
  });
});

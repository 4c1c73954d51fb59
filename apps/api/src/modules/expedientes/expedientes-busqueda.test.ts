import { ORDENABLES, type ExpedienteResumen } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerDePrueba, callerQueVeTodo } from '../../testing/callers';
import type { ApiClient } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { resolverOrden } from './expedientes.query';
import { exportFilas } from './expedientes.export';

/** asunto, interesado, documento, estado, tipo index, unidad index, fecha_apertura (UTC). */
const DATOS: [string, string | null, string | null, string, number, number, string][] = [
  ['Petición de vado permanente', 'Andrés Núñez Gil', '12345678Z', 'abierto', 0, 0, '2024-03-10T23:30:00Z'],
  ['Queja por ruidos nocturnos', 'Marta Ruiz', 'X1234567L', 'en_tramite', 1, 1, '2024-03-10T12:00:00Z'],
  ['Licencia de obra menor', 'Pedro Sánchez Ortega', null, 'cerrado', 2, 0, '2024-05-01T08:00:00Z'],
  ['Contrato de limpieza viaria', null, 'B12345674', 'archivado', 3, 2, '2023-12-31T22:59:59Z'],
  ['Recurso de reposición 50% sanción', 'Lucía Peña', '87654321X', 'abierto', 4, 1, '2024-06-15T10:00:00Z'],
  ['Solicitud_con_guiones bajos', "José O'Brien", 'Y1234567X', 'en_tramite', 5, 2, '2024-06-15T10:00:00Z'],
  ["=cmd|' /C calc'!A0", '+34 600 000 000', null, 'abierto', 0, 0, '2024-06-15T10:00:00Z'],
  ['Asunto con ; punto y coma y "comillas"', '-menos', null, 'abierto', 0, 0, '2024-07-01T10:00:00Z'],
  ['@SUMA(A1:A2) en asunto', 'Barra \\ invertida', null, 'cerrado', 1, 1, '2024-07-02T10:00:00Z'],
  ['PETICIÓN urgente de información', 'ñandú', null, 'en_tramite', 0, 1, '2024-08-20T10:00:00Z'],
  ['Otra licencia de actividad', 'Ana', null, 'abierto', 2, 2, '2025-01-02T10:00:00Z'],
  ['Licencia de primera ocupación', 'Bea', null, 'abierto', 2, 2, '2025-01-03T10:00:00Z'],
];

describe('expedientes list, search and CSV export', () => {
  const stack = useTestStack();
  let gestor: ApiClient;
  let consulta: ApiClient;
  let tipos: { id: number; nombre: string }[];
  let unidades: { id: number; nombre: string }[];
  let responsableConsulta: number;
  const numeros: string[] = [];

  beforeAll(async () => {
    gestor = await stack.as('gestor');
    consulta = await stack.as('consulta');
    const admin = await stack.as('admin');
    await admin.get('/api/session/get');
    tipos = (await gestor.get('/api/catalogos/tipos-expediente')).json().data;
    unidades = (await gestor.get('/api/catalogos/unidades?ambito=creacion')).json().data;
    responsableConsulta = (
      (await gestor.get('/api/catalogos/responsables')).json().data as { id_usuario: number; username: string }[]
    ).find((persona) => persona.username === 'consulta')!.id_usuario;

    for (const [index, [asunto, interesado, documento, estado, tipo, unidad, fecha]] of DATOS.entries()) {
      const response = await gestor.post('/api/expedientes', {
        asunto,
        interesado_nombre: interesado,
        interesado_documento: documento,
        id_tipo: tipos[tipo]!.id,
        id_unidad: unidades[unidad]!.id,
        id_responsable: index % 3 === 0 ? responsableConsulta : undefined,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id_expediente, numero } = response.json().data;
      numeros.push(numero);
      // The life cycle is tested elsewhere; here only the stored state matters.
      await stack.app().db.query(
        `UPDATE expediente SET estado = $2, fecha_apertura = $3,
           fecha_cierre = CASE WHEN $2 IN ('cerrado', 'archivado') THEN $3::timestamptz + interval '40 days' END
         WHERE id_expediente = $1`,
        [id_expediente, estado, fecha],
      );
    }
  });

  async function lista(
    query: string,
  ): Promise<{ items: ExpedienteResumen[]; total: number; page: number; pageSize: number }> {
    const response = await consulta.get(`/api/expedientes?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const asuntos = async (query: string) => (await lista(query)).items.map((item) => item.asunto).sort();

  describe('search (q)', () => {
    it('is accent- and case-insensitive', async () => {
      const esperado = ['PETICIÓN urgente de información', 'Petición de vado permanente'].sort();
      expect(await asuntos('q=peticion')).toEqual(esperado);
      expect(await asuntos('q=PETICIÓN')).toEqual(esperado);
      expect(await asuntos(`q=${encodeURIComponent('  Petición  ')}`)).toEqual(esperado);
      expect(await asuntos('q=nunez')).toEqual(['Petición de vado permanente']);
      expect(await asuntos(`q=${encodeURIComponent('NANDÚ')}`)).toEqual(['PETICIÓN urgente de información']);
    });

    it('finds by numero and by interesado documento', async () => {
      expect(await asuntos(`q=${numeros[2]}`)).toEqual(['Licencia de obra menor']);
      expect(await asuntos(`q=${numeros[2]!.toLowerCase()}`)).toEqual(['Licencia de obra menor']);
      expect(await asuntos('q=x1234567l')).toEqual(['Queja por ruidos nocturnos']);
      expect(await asuntos('q=B12345674')).toEqual(['Contrato de limpieza viaria']);
    });

    it('takes % _ \\ and quotes literally', async () => {
      expect(await asuntos(`q=${encodeURIComponent('50%')}`)).toEqual(['Recurso de reposición 50% sanción']);
      expect(await asuntos(`q=${encodeURIComponent('%')}`)).toEqual(['Recurso de reposición 50% sanción']);
      expect(await asuntos(`q=${encodeURIComponent('_con_')}`)).toEqual(['Solicitud_con_guiones bajos']);
      expect(await asuntos(`q=${encodeURIComponent('\\')}`)).toEqual(['@SUMA(A1:A2) en asunto']);
      expect(await asuntos(`q=${encodeURIComponent("o'brien")}`)).toEqual(['Solicitud_con_guiones bajos']);
      expect(await asuntos(`q=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    });

    it('refuses a q longer than 200 characters', async () => {
      const response = await consulta.get(`/api/expedientes?q=${'a'.repeat(201)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('El campo «q» debe tener como máximo 200 caracteres.');
    });
  });

  describe('filters', () => {
    it('by one or several estados', async () => {
      expect((await lista('estado=cerrado')).items.map((item) => item.estado)).toEqual(['cerrado', 'cerrado']);
      const varios = await lista('estado=cerrado&estado=archivado');
      expect(varios.total).toBe(3);
      expect(new Set(varios.items.map((item) => item.estado))).toEqual(new Set(['cerrado', 'archivado']));
    });

    it('by tipo, unidad and responsable, combined with q', async () => {
      expect((await lista(`tipo=${tipos[2]!.id}`)).total).toBe(3);
      expect((await lista(`unidad=${unidades[1]!.id}`)).total).toBe(4);
      expect((await lista(`tipo=${tipos[2]!.id}&unidad=${unidades[2]!.id}`)).total).toBe(2);
      const deConsulta = await lista(`responsable=${responsableConsulta}`);
      expect(deConsulta.total).toBe(4);
      expect(deConsulta.items.every((item) => item.responsable?.id_usuario === responsableConsulta)).toBe(true);
      expect(await asuntos(`q=licencia&tipo=${tipos[2]!.id}&unidad=${unidades[2]!.id}`)).toEqual([
        'Licencia de primera ocupación',
        'Otra licencia de actividad',
      ]);
    });

    it('by opening date, both ends included, in Madrid days', async () => {
      // 2024-03-10T23:30Z is 11 March in Madrid.
      expect(await asuntos('desde=2024-03-11&hasta=2024-03-11')).toEqual(['Petición de vado permanente']);
      expect(await asuntos('desde=2024-03-10&hasta=2024-03-10')).toEqual(['Queja por ruidos nocturnos']);
      // 2023-12-31T22:59:59Z is 23:59:59 on 31 December in Madrid.
      expect(await asuntos('hasta=2023-12-31')).toEqual(['Contrato de limpieza viaria']);
      expect((await lista('desde=2025-01-01')).total).toBe(2);
      expect((await lista('desde=2024-06-15&hasta=2024-06-15')).total).toBe(3);
    });

    it('answers bad filters with a Spanish 400', async () => {
      for (const [query, msg] of [
        ['estado=borrado', 'El campo «estado» no tiene un valor permitido.'],
        ['tipo=uno', 'El campo «tipo» debe ser un número entero.'],
        ['desde=31/12/2024', 'El campo «desde» debe ser una fecha válida (aaaa-mm-dd).'],
        ['pageSize=101', 'El campo «pageSize» debe ser menor o igual que 100.'],
        ['page=0', 'El campo «page» debe ser mayor o igual que 1.'],
        ['sort=descripcion', 'El campo «sort» no tiene un valor permitido.'],
        ['order=up', 'El campo «order» no tiene un valor permitido.'],
        ['otro=1', 'El campo «otro» no está permitido.'],
      ]) {
        const response = await consulta.get(`/api/expedientes?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toEqual({ success: false, msg, code: 'VALIDATION' });
      }
    });
  });

  describe('sorting and paging', () => {
    const ESTADO_ORDEN = { abierto: 1, en_tramite: 2, cerrado: 3, archivado: 4 };

    it('defaults to the newest first, 25 per page, with the total', async () => {
      const pagina = await lista('');
      expect(pagina).toMatchObject({ total: DATOS.length, page: 1, pageSize: 25 });
      const fechas = pagina.items.map((item) => item.fecha_apertura);
      expect(fechas).toEqual([...fechas].sort().reverse());
      expect(pagina.items[0]).not.toHaveProperty('descripcion');
    });

    it.each(ORDENABLES.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
      'sorts by %s %s, ties broken by id, and pages through without gaps or repeats',
      async (sort, order) => {
        const todos = (await lista(`sort=${sort}&order=${order}&pageSize=100`)).items;
        const clave = (item: ExpedienteResumen): [string | number, number] => [
          sort === 'estado' ? ESTADO_ORDEN[item.estado] : sort === 'fecha_apertura' ? item.fecha_apertura : item[sort],
          item.id_expediente,
        ];
        const comparar = (a: ExpedienteResumen, b: ExpedienteResumen) => {
          const [ka, ia] = clave(a);
          const [kb, ib] = clave(b);
          const porClave =
            typeof ka === 'number'
              ? ka - (kb as number)
              : ka === kb
                ? 0
                : sort === 'asunto'
                  ? ka.localeCompare(kb as string)
                  : ka < kb
                    ? -1
                    : 1;
          const resultado = porClave || ia - ib;
          return order === 'asc' ? resultado : -resultado;
        };
        if (sort !== 'asunto') expect(todos).toEqual([...todos].sort(comparar));
        else expect(todos.map((item) => item.id_expediente)).toHaveLength(DATOS.length);

        const paginas = [];
        for (let page = 1; page <= 2; page += 1) {
          const pagina = await lista(`sort=${sort}&order=${order}&pageSize=10&page=${page}`);
          expect(pagina.total).toBe(DATOS.length);
          paginas.push(...pagina.items);
        }
        expect(paginas.map((item) => item.id_expediente)).toEqual(todos.map((item) => item.id_expediente));
      },
    );

    it('sorts estado by the life cycle, not alphabetically', async () => {
      const estados = (await lista('sort=estado&pageSize=100')).items.map((item) => item.estado);
      expect([...new Set(estados)]).toEqual(['abierto', 'en_tramite', 'cerrado', 'archivado']);
    });

    it('answers an empty page past the end, still with the total', async () => {
      expect(await lista('page=9&pageSize=10')).toEqual({
        items: [],
        total: DATOS.length,
        totalExacto: true,
        page: 9,
        pageSize: 10,
        siguiente: null,
      });
    });
  });

  describe('CSV export', () => {
    async function exportar(query = '') {
      const response = await consulta.get(`/api/expedientes/export.csv${query ? `?${query}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      return response;
    }

    it('is UTF-8 with BOM, ; separated, CRLF, Spanish header, dd/mm/aaaa dates, as an attachment', async () => {
      const response = await exportar('sort=numero&order=asc');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="expedientes-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const raw = response.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.toString('utf8').slice(1);
      const lineas = text.split('\r\n');
      expect(lineas.at(-1)).toBe('');
      expect(lineas[0]).toBe(
        'Número;Asunto;Tipo;Unidad;Interesado;Documento del interesado;Responsable;Estado;Fecha de apertura;Fecha de cierre',
      );
      expect(lineas).toHaveLength(DATOS.length + 2);
      expect(lineas[1]).toBe(
        `${numeros[0]};Petición de vado permanente;Solicitud;${unidades[0]!.nombre};Andrés Núñez Gil;12345678Z;Lucía Fernández Díaz;Abierto;11/03/2024;`,
      );
      expect(lineas[3]).toBe(
        `${numeros[2]};Licencia de obra menor;Licencia;${unidades[0]!.nombre};Pedro Sánchez Ortega;;Juan Carlos Pérez Ruiz;Cerrado;01/05/2024;10/06/2024`,
      );
    });

    it('neutralises cells that a spreadsheet would run as formulas, and quotes when needed', async () => {
      const text = (await exportar('sort=numero&order=asc')).rawPayload.toString('utf8');
      const lineas = text.slice(1).split('\r\n');
      expect(lineas[7]).toContain(`;'=cmd|' /C calc'!A0;`);
      expect(lineas[7]).toContain(`;'+34 600 000 000;`);
      expect(lineas[8]).toContain(`;"Asunto con ; punto y coma y ""comillas""";`);
      expect(lineas[8]).toContain(`;'-menos;`);
      expect(lineas[9]).toContain(`;'@SUMA(A1:A2) en asunto;`);
      expect(text).not.toMatch(/;[=+\-@][^;]*/);
    });

    it('applies the same filters and sort as the list', async () => {
      for (const query of [
        'q=peticion',
        'estado=abierto&estado=cerrado&sort=asunto&order=desc',
        `unidad=${unidades[2]!.id}&sort=estado`,
        'desde=2024-06-15&hasta=2024-07-01',
      ]) {
        const esperados = (await lista(`${query}&pageSize=100`)).items.map((item) => item.numero);
        const lineas = (await exportar(query)).rawPayload.toString('utf8').slice(1).split('\r\n').slice(1, -1);
        expect(
          lineas.map((linea) => linea.split(';')[0]),
          query,
        ).toEqual(esperados);
      }
      const vacio = (await exportar('q=no-existe-nada')).rawPayload.toString('utf8');
      expect(vacio.split('\r\n')).toHaveLength(2);
    });

    it('reads in keyset batches that together give exactly the list order', async () => {
      const caller = callerQueVeTodo();
      // Same opening instant for three rows: the id must break the tie across batch boundaries.
      for (const sort of ORDENABLES) {
        for (const order of ['asc', 'desc'] as const) {
          const esperados = (await lista(`sort=${sort}&order=${order}&pageSize=100`)).items.map((item) => item.numero);
          const leidos: string[] = [];
          for await (const lote of exportFilas(stack.app().db, caller, {}, resolverOrden(sort, order), 2)) {
            expect(lote.length).toBeLessThanOrEqual(2);
            leidos.push(...lote.map((fila) => fila.numero));
          }
          expect(leidos, `${sort} ${order}`).toEqual(esperados);
        }
      }
    });

    it('yields nothing to a caller without expedientes.ver (visibility)', async () => {
      const caller = callerDePrueba({ permisos: [] });
      const lotes = [];
      for await (const lote of exportFilas(stack.app().db, caller, {}, resolverOrden(undefined, undefined)))
        lotes.push(lote);
      expect(lotes).toEqual([]);
    });
  });
});

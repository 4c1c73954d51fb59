import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, DemoUsername } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';

describe('auditoría as people read it, and its CSV export (real PostgreSQL)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const id = {} as Record<DemoUsername, number>;

  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    Object.assign(id, personas.id);
  });

  const ultimo = async (entidad: string) =>
    (await as.admin.get(`/api/admin/auditoria?entidad=${entidad}`)).json().data.items[0];

  it('names permisos by their label, in the description and in the detail', async () => {
    const quitar = await as.admin.put('/api/admin/roles/consulta/permisos', { permisos: ['expedientes.ver'] });
    expect(quitar.statusCode, quitar.body).toBe(200);
    const registro = await ultimo('rol');
    expect(registro.descripcion).toBe('Permisos del rol «consulta»: quitó «Descargar documentos».');
    expect(registro.detalle).toEqual([
      { campo: 'Permisos', antes: 'Descargar documentos, Ver expedientes', despues: 'Ver expedientes' },
    ]);
    await as.admin.put('/api/admin/roles/consulta/permisos', { permisos: ['documentos.descargar', 'expedientes.ver'] });
    expect((await ultimo('rol')).descripcion).toBe('Permisos del rol «consulta»: añadió «Descargar documentos».');
  });

  it('says where a unidad moved from and to, by name and code, and resolves the superior in the detail', async () => {
    const db = stack.app().db;
    const licencias = await idUnidad(db, CODIGOS.licencias);
    const hacienda = await idUnidad(db, CODIGOS.hacienda);
    const urbanismo = await idUnidad(db, CODIGOS.urbanismo);
    expect((await as.admin.patch(`/api/admin/unidades/${licencias}`, { id_padre: hacienda })).statusCode).toBe(200);
    const registro = await ultimo('unidad');
    expect(registro.descripcion).toBe(
      `Unidad «Sección de Licencias (${CODIGOS.licencias})»: la movió de «Urbanismo (${CODIGOS.urbanismo})» a «Hacienda (${CODIGOS.hacienda})».`,
    );
    expect(registro.antes).toEqual({ id_padre: urbanismo });
    expect(registro.detalle).toEqual([
      {
        campo: 'Unidad superior',
        antes: `Urbanismo (${CODIGOS.urbanismo})`,
        despues: `Hacienda (${CODIGOS.hacienda})`,
      },
    ]);
    await as.admin.patch(`/api/admin/unidades/${licencias}`, { id_padre: urbanismo });
  });

  it("names a person's unidades added and removed, and reads old rows' codes as names", async () => {
    const db = stack.app().db;
    const hacienda = await idUnidad(db, CODIGOS.hacienda);
    const tesoreria = await idUnidad(db, CODIGOS.tesoreria);
    const url = `/api/admin/usuarios/${id.tesorera}/unidades`;
    expect((await as.admin.put(url, { unidades: [hacienda, tesoreria] })).statusCode).toBe(200);
    const registro = await ultimo('usuario');
    expect(registro.descripcion).toBe(`Unidades de Ana Belén Romero Gil: añadió «Hacienda (${CODIGOS.hacienda})».`);
    expect(registro.detalle).toEqual([
      {
        campo: 'Unidades',
        antes: `Tesorería (${CODIGOS.tesoreria})`,
        despues: `Hacienda (${CODIGOS.hacienda}), Tesorería (${CODIGOS.tesoreria})`,
      },
    ]);
    await as.admin.put(url, { unidades: [tesoreria] });

    // A row written before this change, with raw codes and ids, reads as well.
    await db.query(
      `INSERT INTO auditoria (id_usuario, accion, entidad, id_entidad, descripcion, antes, despues)
       VALUES ($1, 'unidad.modificar', 'unidad', '1', 'Unidad «X»: la movió a otra unidad superior.', $2, $3)`,
      [
        id.admin,
        JSON.stringify({ id_padre: null, activa: true }),
        JSON.stringify({ id_padre: hacienda, activa: false }),
      ],
    );
    expect((await ultimo('unidad')).detalle).toEqual([
      { campo: 'Unidad superior', antes: 'ninguna (unidad raíz)', despues: `Hacienda (${CODIGOS.hacienda})` },
      { campo: 'Activa', antes: 'sí', despues: 'no' },
    ]);
  });

  describe('CSV export', () => {
    const exportar = (query: string, cliente: ApiClient = as.admin) =>
      cliente.get(`/api/admin/auditoria/exportar?${query}`);

    it('is a UTF-8 CSV with BOM, «;», Spanish columns and dates in Madrid, formulas made inert, only the period asked', async () => {
      const db = stack.app().db;
      // Two changes long ago: one inside the period (a formula in its text), one the day after.
      await db.query(
        `INSERT INTO auditoria (creado_en, id_usuario, accion, entidad, id_entidad, descripcion, antes, despues)
         VALUES ('2001-03-31 21:30:00+00', $1, 'rol.permisos', 'rol', 'consulta', '=HIPERVINCULO("http://x";"y")', $2, $3),
                ('2001-04-01 22:30:00+00', $1, 'rol.declarar', 'rol', 'otro', 'Fuera del periodo', NULL, NULL)`,
        [id.admin, JSON.stringify(['documentos.descargar']), JSON.stringify([])],
      );
      const response = await exportar('desde=2001-03-01&hasta=2001-04-01');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="auditoria-2001-03-01-a-2001-04-01.csv"',
      );
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lineas = bytes.toString('utf8').slice(1).split('\r\n');
      expect(lineas[0]).toBe('Fecha;Persona;Acción;Entidad;Descripción;Antes;Después');
      // 21:30 UTC on 31 March 2001 is 23:30 in Madrid (summer time, UTC+2); the other one is 00:30
      // on 2 April in Madrid, past the period.
      expect(lineas.slice(1)).toEqual([
        `31/03/2001 23:30;María José García López;Cambiar los permisos de un rol;Rol;"'=HIPERVINCULO(""http://x"";""y"")";Permisos: Descargar documentos;Permisos: ninguno`,
        '',
      ]);
    });

    it('takes the list filters, and refuses who lacks administracion.auditoria (403) or a bad filter (400)', async () => {
      const todo = (await exportar('')).body.split('\r\n').length;
      const soloRoles = (await exportar('entidad=rol')).body.split('\r\n').slice(1, -1);
      expect(soloRoles.length).toBeGreaterThan(0);
      expect(soloRoles.length).toBeLessThan(todo - 2);
      expect(soloRoles.every((linea) => linea.split(';')[3] === 'Rol')).toBe(true);
      expect((await exportar('', as.gestor)).statusCode).toBe(403);
      expect((await exportar('desde=ayer')).statusCode).toBe(400);
      expect((await exportar('page=2')).statusCode).toBe(400);
      expect((await stack.app().inject({ method: 'GET', url: '/api/admin/auditoria/exportar' })).statusCode).toBe(401);
    });
  });
});

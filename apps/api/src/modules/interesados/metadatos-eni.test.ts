import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, DemoUsername } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';

/**
 * The ENI metadata the administration keeps (DIR3 of unidades, SIA of tipos, TD of tipos
 * documentales) and the interesados of an expediente, with their NIF/NIE/CIF checked.
 */
describe('ENI metadata and interesados (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  let expediente: Expediente;

  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    const db = stack.app().db;
    const idTipo = (await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1'))[0]!.id;
    const response = await as.gestor.post('/api/expedientes', {
      asunto: 'Licencia de actividad en la plaza',
      id_tipo: idTipo,
      id_unidad: await idUnidad(db, CODIGOS.urbanismo),
    });
    expect(response.statusCode, response.body).toBe(201);
    expediente = response.json().data;
  });

  const historial = async (id: number) =>
    stack
      .app()
      .db.query<{ evento: string; descripcion: string }>(
        'SELECT evento, descripcion FROM historial WHERE id_expediente = $1 ORDER BY id',
        [id],
      );

  describe('DIR3 code of unidades', () => {
    it('keeps the demo codes as DIR3 codes, and lets Administración change and remove one', async () => {
      const db = stack.app().db;
      const urbanismo = await idUnidad(db, CODIGOS.urbanismo);
      const lista = (await as.admin.get('/api/admin/unidades')).json().data as { id: number; codigo_dir3: string }[];
      expect(lista.find((unidad) => unidad.id === urbanismo)!.codigo_dir3).toBe('LA0019005');

      const creada = await as.admin.post('/api/admin/unidades', {
        codigo: 'OFI-OBRAS',
        codigo_dir3: 'LA0019099',
        nombre: 'Oficina de Obras',
      });
      expect(creada.statusCode, creada.body).toBe(201);
      const id = creada.json().data.id;
      expect(creada.json().data.codigo_dir3).toBe('LA0019099');

      const quitada = await as.admin.patch(`/api/admin/unidades/${id}`, { codigo_dir3: null });
      expect(quitada.statusCode).toBe(200);
      expect(quitada.json().data.codigo_dir3).toBeNull();
      const auditoria = (await as.admin.get('/api/admin/auditoria?entidad=unidad')).json().data.items[0];
      expect(auditoria.descripcion).toBe('Unidad «Oficina de Obras (OFI-OBRAS)»: retiró el código DIR3 LA0019099.');
    });

    it('refuses a code not in DIR3 form, and one another unidad has, with a Spanish message', async () => {
      const urbanismo = await idUnidad(stack.app().db, CODIGOS.urbanismo);
      for (const codigo of ['LA001900', 'la0019005', '1A0019005', 'LA00190051', 'L-0019005']) {
        const response = await as.admin.patch(`/api/admin/unidades/${urbanismo}`, { codigo_dir3: codigo });
        expect(response.statusCode, codigo).toBe(400);
        expect(response.json().msg, codigo).toBe(
          'El campo «codigo_dir3» no tiene un formato válido (un código DIR3: una letra, una letra o cifra y siete cifras (L01280796)).',
        );
      }
      const repetido = await as.admin.patch(`/api/admin/unidades/${urbanismo}`, { codigo_dir3: 'LA0019008' });
      expect(repetido.statusCode).toBe(409);
      expect(repetido.json().msg).toBe('Ya hay otra unidad con el código DIR3 «LA0019008».');
      // The database holds the same rule, whatever writes it.
      await expect(
        stack.app().db.query(`UPDATE unidad SET codigo_dir3 = 'XX' WHERE id = $1`, [urbanismo]),
      ).rejects.toThrow(/unidad_codigo_dir3_forma/);
    });
  });

  describe('SIA and TD codes of the catalogues', () => {
    it('sets the SIA code of a tipo de expediente and the TD code of a tipo documental', async () => {
      const tipos = (await as.admin.get('/api/admin/catalogos/tipos')).json().data;
      const sia = await as.admin.patch(`/api/admin/catalogos/tipos/${tipos[0].id}`, { codigo_eni: '201234' });
      expect(sia.statusCode, sia.body).toBe(200);
      expect(sia.json().data.codigo_eni).toBe('201234');

      const documentales = (await as.admin.get('/api/admin/catalogos/tipos-documentales')).json().data;
      const resolucion = documentales.find((tipo: { nombre: string }) => tipo.nombre === 'Resolución');
      expect(resolucion.codigo_eni).toBe('TD01');
      const anexo = documentales.find((tipo: { nombre: string }) => tipo.nombre === 'Anexo');
      const td = await as.admin.patch(`/api/admin/catalogos/tipos-documentales/${anexo.id}`, { codigo_eni: 'td12' });
      expect(td.statusCode, td.body).toBe(200);
      expect(td.json().data.codigo_eni).toBe('TD12');

      const nuevo = await as.admin.post('/api/admin/catalogos/tipos', { nombre: 'Subvención', codigo_eni: '998877' });
      expect(nuevo.statusCode).toBe(201);
      expect(nuevo.json().data.codigo_eni).toBe('998877');
    });

    it('refuses a TD code the ENI does not have and a malformed SIA code, changing nothing', async () => {
      const documentales = (await as.admin.get('/api/admin/catalogos/tipos-documentales')).json().data;
      const informe = documentales.find((tipo: { nombre: string }) => tipo.nombre === 'Informe');
      for (const codigo of ['TD21', 'TD00', 'TD5', 'Informe']) {
        const response = await as.admin.patch(`/api/admin/catalogos/tipos-documentales/${informe.id}`, {
          codigo_eni: codigo,
        });
        expect(response.statusCode, codigo).toBe(400);
        expect(response.json().msg).toBe(
          `«${codigo}» no es un tipo documental ENI: use uno de TD01 a TD20, TD51 a TD69 o TD99.`,
        );
      }
      const tipos = (await as.admin.get('/api/admin/catalogos/tipos')).json().data;
      const malo = await as.admin.patch(`/api/admin/catalogos/tipos/${tipos[1].id}`, { codigo_eni: 'con espacio' });
      expect(malo.statusCode).toBe(400);
      expect(malo.json().msg).toMatch(/^«con espacio» no es un código SIA válido/);
      const despues = (await as.admin.get('/api/admin/catalogos/tipos-documentales')).json().data;
      expect(despues.find((tipo: { nombre: string }) => tipo.nombre === 'Informe').codigo_eni).toBe('TD13');
      const gestor = await as.gestor.patch(`/api/admin/catalogos/tipos/${tipos[1].id}`, { codigo_eni: '1' });
      expect(gestor.statusCode).toBe(403);
    });
  });

  describe('interesados', () => {
    const url = () => `/api/expedientes/${expediente.id_expediente}/interesados`;

    it('adds several, each NIF/NIE/CIF checked, and records it in the historial', async () => {
      for (const [documento, nombre] of [
        ['12345678z', 'Ana Pérez Gómez'],
        ['X1234567L', 'John Smith'],
        ['B12345674', 'Construcciones del Río, S.L.'],
      ]) {
        const response = await as.gestor.post(url(), { documento, nombre });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json().msg).toBe('Interesado añadido.');
      }
      const lista = (await as.consulta.get(url())).json().data;
      expect(lista.items.map((i: { documento: string }) => i.documento)).toEqual([
        '12345678Z',
        'X1234567L',
        'B12345674',
      ]);
      expect(lista.puede_editar).toBe(false);
      expect((await as.gestor.get(url())).json().data.puede_editar).toBe(true);
      expect((await historial(expediente.id_expediente)).at(-1)).toEqual({
        evento: 'interesado_anadido',
        descripcion: 'Añadió como interesado a Construcciones del Río, S.L. (B12345674).',
      });
    });

    it('refuses a wrong control character with a Spanish message, and a repeated document, writing nothing', async () => {
      const antes = await historial(expediente.id_expediente);
      const malo = await as.gestor.post(url(), { documento: '12345678A', nombre: 'Falso Falsísimo' });
      expect(malo.statusCode).toBe(400);
      expect(malo.json().msg).toBe(
        'El NIF 12345678A no es válido: la letra no corresponde al número. Revise que está bien escrito.',
      );
      const cif = await as.gestor.post(url(), { documento: 'B12345675', nombre: 'Empresa Falsa' });
      expect(cif.statusCode).toBe(400);
      expect(cif.json().msg).toMatch(/^El CIF B12345675 no es válido/);
      const repetido = await as.gestor.post(url(), { documento: '12345678-Z', nombre: 'Ana otra vez' });
      expect(repetido.statusCode).toBe(409);
      expect(repetido.json().msg).toBe('El expediente ya tiene un interesado con el documento 12345678Z.');
      expect(await historial(expediente.id_expediente)).toEqual(antes);
    });

    it('needs expedientes.editar to change them, and answers 404 to who does not see the expediente', async () => {
      const sinPermiso = await as.consulta.post(url(), { documento: 'Y1234567X', nombre: 'Sin permiso' });
      expect(sinPermiso.statusCode).toBe(403);
      const lista = (await as.gestor.get(url())).json().data.items;
      for (const response of [
        await as.tesorera.get(url()),
        await as.tesorera.post(url(), { documento: 'Y1234567X', nombre: 'Intrusa' }),
        await as.tesorera.delete(`${url()}/${lista[0].id_interesado}`),
        await as.gestor.get('/api/expedientes/999999/interesados'),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
      }
      expect((await as.gestor.get(url())).json().data.items).toHaveLength(lista.length);
    });

    it('retires one (the row stays), and a closed expediente accepts no change', async () => {
      const lista = (await as.gestor.get(url())).json().data.items;
      const retirado = await as.gestor.delete(`${url()}/${lista[1].id_interesado}`);
      expect(retirado.statusCode, retirado.body).toBe(200);
      expect(retirado.json().msg).toBe('Interesado retirado.');
      expect((await as.gestor.get(url())).json().data.items).toHaveLength(lista.length - 1);
      const [fila] = await stack
        .app()
        .db.query<{ retirado_en: Date | null }>('SELECT retirado_en FROM interesado WHERE id_interesado = $1', [
          lista[1].id_interesado,
        ]);
      expect(fila!.retirado_en).not.toBeNull();
      const otraVez = await as.gestor.delete(`${url()}/${lista[1].id_interesado}`);
      expect(otraVez.statusCode).toBe(404);

      let version = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}`)).json().data.version;
      for (const estado of ['en_tramite', 'cerrado']) {
        const cambio = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, { estado, version });
        expect(cambio.statusCode, cambio.body).toBe(200);
        version = cambio.json().data.version;
      }
      const cerrado = await as.gestor.post(url(), { documento: 'Z1234567R', nombre: 'Tarde' });
      expect(cerrado.statusCode).toBe(409);
      expect(cerrado.json().msg).toBe('El expediente está cerrado.');
      expect((await as.gestor.get(url())).json().data.puede_editar).toBe(false);
    });
  });
});

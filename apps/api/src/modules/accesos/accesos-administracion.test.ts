import type { AccesoDePersona } from '@ecodigital/contracts/accesos';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas, type PersonasDemo } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';

/** Administración › Personas: the grants each person received and made, and revoking them from there. */
describe('grants of a person in Administración (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  let personas: PersonasDemo;
  let expediente: Expediente;
  let recibido: number;
  let concedido: number;

  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
    const { as, id } = personas;
    const db = stack.app().db;
    const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const creado = await as.admin.post('/api/expedientes', {
      asunto: 'Convenio revisado desde Administración',
      id_tipo: tipo!.id,
      id_unidad: await idUnidad(db, CODIGOS.secretaria),
    });
    expediente = creado.json().data;
    const url = `/api/expedientes/${expediente.id_expediente}/accesos`;
    const aTesorera = await as.admin.post(url, { id_usuario: id.tesorera, nivel: 'gestion', motivo: 'Fiscalización' });
    expect(aTesorera.statusCode, aTesorera.body).toBe(201);
    recibido = aTesorera.json().data.id_acceso;
    const aConsulta = await as.tesorera.post(url, { id_usuario: id.consulta, nivel: 'lectura', motivo: 'Apoyo' });
    expect(aConsulta.statusCode, aConsulta.body).toBe(201);
    concedido = aConsulta.json().data.id_acceso;
  });

  const pagina = async (username: 'tesorera' | 'consulta', query: string) => {
    const response = await personas.as.admin.get(`/api/admin/usuarios/${personas.id[username]}/accesos?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { persona: { username: string }; items: AccesoDePersona[]; total: number };
  };

  it('lists the grants a person received and those she made, with their expediente', async () => {
    const recibidos = await pagina('tesorera', 'tipo=recibidos');
    expect(recibidos).toMatchObject({ persona: { username: 'tesorera' }, total: 1, page: 1, pageSize: 50 });
    expect(recibidos.items).toEqual([
      expect.objectContaining({
        id_acceso: recibido,
        nivel: 'gestion',
        motivo: 'Fiscalización',
        concedido_por: expect.objectContaining({ username: 'admin' }),
        expediente: { id_expediente: expediente.id_expediente, numero: expediente.numero, asunto: expediente.asunto },
      }),
    ]);
    const concedidos = await pagina('tesorera', 'tipo=concedidos');
    expect(concedidos.items).toEqual([
      expect.objectContaining({ id_acceso: concedido, derivado_de: recibido, destinatario: expect.anything() }),
    ]);
  });

  it('revokes a grant from Administración with what derives from it, in the historial and the auditoría', async () => {
    const { as } = personas;
    const revocado = await as.admin.delete(`/api/admin/accesos/${recibido}`);
    expect(revocado.statusCode, revocado.body).toBe(200);
    expect(revocado.json()).toMatchObject({
      msg: 'Acceso revocado.',
      data: { id_acceso: recibido, estado: 'revocado', expediente: { numero: expediente.numero } },
    });
    expect((await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(404);
    expect((await as.consulta.get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(404);
    expect((await pagina('tesorera', 'tipo=recibidos')).items).toEqual([]);
    expect((await pagina('tesorera', 'tipo=concedidos&vigentes=false')).items).toEqual([
      expect.objectContaining({ id_acceso: concedido, estado: 'revocado', causa_fin: 'origen' }),
    ]);
    const historial = (await as.admin.get(`/api/expedientes/${expediente.id_expediente}/historial`)).json().data
      .items as {
      descripcion: string;
    }[];
    expect(historial.map((evento) => evento.descripcion)).toContain(
      'Revocó el acceso de gestión de Ana Belén Romero Gil desde Administración.',
    );
    const auditoria = (await as.admin.get('/api/admin/auditoria?entidad=acceso')).json().data.items;
    expect(auditoria[0]).toMatchObject({
      accion: 'acceso.revocar',
      entidad: 'acceso',
      id_entidad: String(recibido),
      descripcion: `Revocó el acceso de gestión de Ana Belén Romero Gil a ${expediente.numero} y el acceso que derivaba de él.`,
    });

    const otraVez = await as.admin.delete(`/api/admin/accesos/${recibido}`);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().msg).toBe('Ese acceso ya no está vigente.');
    for (const raro of ['999999', 'abc']) {
      const response = await as.admin.delete(`/api/admin/accesos/${raro}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toBe('El acceso indicado no existe.');
    }
  });

  it('is for who administers people only', async () => {
    const { as, id } = personas;
    expect((await as.gestor.get(`/api/admin/usuarios/${id.tesorera}/accesos?tipo=recibidos`)).statusCode).toBe(403);
    expect((await as.gestor.delete(`/api/admin/accesos/${concedido}`)).statusCode).toBe(403);
    expect((await as.admin.get('/api/admin/usuarios/999999/accesos?tipo=recibidos')).statusCode).toBe(404);
    expect((await as.admin.get(`/api/admin/usuarios/${id.tesorera}/accesos?tipo=todos`)).statusCode).toBe(400);
  });

  it('moving a unidad takes its expedientes from responsables who are no longer above it', async () => {
    const { as } = personas;
    const db = stack.app().db;
    const licencias = await idUnidad(db, CODIGOS.licencias);
    const urbanismo = await idUnidad(db, CODIGOS.urbanismo);
    const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const enSeccion = (
      await as.gestor.post('/api/expedientes', {
        asunto: 'Licencia de la sección',
        id_tipo: tipo!.id,
        id_unidad: licencias,
      })
    ).json().data as Expediente;
    expect(enSeccion.responsable?.username).toBe('gestor');
    const movida = await as.admin.patch(`/api/admin/unidades/${licencias}`, {
      id_padre: await idUnidad(db, CODIGOS.hacienda),
    });
    expect(movida.statusCode, movida.body).toBe(200);
    try {
      const ahora = (await as.admin.get(`/api/expedientes/${enSeccion.id_expediente}`)).json().data as Expediente;
      expect(ahora.responsable).toBeNull();
      const historial = (await as.admin.get(`/api/expedientes/${enSeccion.id_expediente}/historial`)).json().data.items;
      expect(historial.find((evento: { evento: string }) => evento.evento === 'edicion')).toMatchObject({
        usuario: { username: 'admin' },
        descripcion: 'Dejó de ser responsable: ya no pertenece a la unidad del expediente ni a una superior.',
      });
    } finally {
      await as.admin.patch(`/api/admin/unidades/${licencias}`, { id_padre: urbanismo });
    }
  });
});

import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas, type PersonasDemo } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';

/** A day counted from today in Europe/Madrid, as `aaaa-mm-dd`. */
function diaMadrid(dias: number): string {
  const hoy = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());
  const fecha = new Date(`${hoy}T12:00:00Z`);
  fecha.setUTCDate(fecha.getUTCDate() + dias);
  return fecha.toISOString().slice(0, 10);
}

/**
 * The attack: a temporary `gestion` grant on an expediente of another unidad turned into permanent
 * control (name herself responsable, grant her own unidad gestión with no end, transfer it home),
 * which outlived the grant's revocation.
 */
describe('a temporary gestión grant stays temporary (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  let personas: PersonasDemo;
  let secretaria: number;
  let tesoreria: number;
  let expediente: Expediente;
  let idAcceso: number;

  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
    const db = stack.app().db;
    secretaria = await idUnidad(db, CODIGOS.secretaria);
    tesoreria = await idUnidad(db, CODIGOS.tesoreria);
    const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const creado = await personas.as.admin.post('/api/expedientes', {
      asunto: 'Convenio de colaboración con la Diputación',
      id_tipo: tipo!.id,
      id_unidad: secretaria,
    });
    expect(creado.statusCode, creado.body).toBe(201);
    expediente = creado.json().data;
    const concedido = await personas.as.admin.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
      id_usuario: personas.id.tesorera,
      nivel: 'gestion',
      hasta: diaMadrid(1),
      motivo: 'Revisión de la partida presupuestaria',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    idAcceso = concedido.json().data.id_acceso;
  });

  it('lets the grant holder act inside it, and nothing she tried outlives the revocation', async () => {
    const { as, id } = personas;
    const url = `/api/expedientes/${expediente.id_expediente}`;
    // Inside the grant: she may work on it.
    expect((await as.tesorera.get(url)).statusCode).toBe(200);
    const trabajo = await as.tesorera.patch(url, {
      version: expediente.version,
      asunto: 'Convenio revisado por Tesorería',
    });
    expect(trabajo.statusCode, trabajo.body).toBe(200);
    let version: number = trabajo.json().data.version;

    // The attack, step by step, as it was played.
    const responsable = await as.tesorera.patch(url, { version, id_responsable: id.tesorera });
    if (responsable.statusCode === 200) version = responsable.json().data.version;
    const aSuUnidad = await as.tesorera.post(`${url}/accesos`, {
      id_unidad: tesoreria,
      nivel: 'gestion',
      motivo: 'Para que Tesorería siga con él',
    });
    const sinFecha = await as.tesorera.post(`${url}/accesos`, {
      id_usuario: id.consulta,
      nivel: 'gestion',
      motivo: 'Para que alguien siga con él',
    });
    const transferencia = await as.tesorera.post(`${url}/transferir`, {
      id_unidad: tesoreria,
      motivo: 'Lo llevamos en Tesorería',
      version,
    });
    if (transferencia.statusCode === 200) version = transferencia.json().data.version;

    const revocado = await as.admin.delete(`${url}/accesos/${idAcceso}`);
    expect(revocado.statusCode, revocado.body).toBe(200);

    // After the revocation she can do nothing with it, and Secretaría still has its expediente.
    const despues = {
      leer: (await as.tesorera.get(url)).statusCode,
      editar: (await as.tesorera.patch(url, { version, asunto: 'Sigo aquí' })).statusCode,
      transferir: (await as.tesorera.post(`${url}/transferir`, { id_unidad: secretaria, motivo: 'Sigo aquí', version }))
        .statusCode,
      accesos: (await as.tesorera.get(`${url}/accesos`)).statusCode,
      enSuLista: ((await as.tesorera.get('/api/expedientes?pageSize=100')).json().data.items as Expediente[]).some(
        (item) => item.id_expediente === expediente.id_expediente,
      ),
    };
    expect(despues).toEqual({ leer: 404, editar: 404, transferir: 404, accesos: 404, enSuLista: false });
    const final = (await as.admin.get(url)).json().data as Expediente;
    expect(final.unidad.id).toBe(secretaria);
    expect(final.responsable?.id_usuario).not.toBe(id.tesorera);
    const vivos = await stack.app().db.query(
      `SELECT id_acceso FROM acceso WHERE id_expediente = $1 AND revocado_en IS NULL
           AND (hasta IS NULL OR hasta >= (now() AT TIME ZONE 'Europe/Madrid')::date)`,
      [expediente.id_expediente],
    );
    expect(vivos).toEqual([]);

    // Each step was refused, saying why.
    expect(responsable.statusCode, responsable.body).toBe(403);
    expect(responsable.json().code).toBe('GESTION_POR_ACCESO');
    expect(aSuUnidad.statusCode, aSuUnidad.body).toBe(400);
    expect(aSuUnidad.json().msg).toBe(
      'Nadie puede concederse acceso a sí mismo ni a una unidad a la que pertenece (o a una superior).',
    );
    expect(sinFecha.statusCode, sinFecha.body).toBe(400);
    expect(sinFecha.json().msg).toBe(
      `Su acceso de gestión termina el ${diaMadrid(1).split('-').reverse().join('/')}: puede conceder otro que termine ese día o antes, no uno sin fecha límite.`,
    );
    expect(transferencia.statusCode, transferencia.body).toBe(403);
    expect(transferencia.json().code).toBe('GESTION_POR_ACCESO');
  });

  /** An expediente of Secretaría on which admin gives tesorera `gestion` until `hasta`. */
  async function conAccesoDeTesorera(asunto: string, hasta: string | null = diaMadrid(1)) {
    const [tipo] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const creado = await personas.as.admin.post('/api/expedientes', {
      asunto,
      id_tipo: tipo!.id,
      id_unidad: secretaria,
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const nuevo: Expediente = creado.json().data;
    const concedido = await personas.as.admin.post(`/api/expedientes/${nuevo.id_expediente}/accesos`, {
      id_usuario: personas.id.tesorera,
      nivel: 'gestion',
      ...(hasta === null ? {} : { hasta }),
      motivo: 'Colaboración de Tesorería',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    return {
      expediente: nuevo,
      url: `/api/expedientes/${nuevo.id_expediente}`,
      idAcceso: concedido.json().data.id_acceso,
    };
  }

  it('lets a grant holder grant inside her grant: derived from it, no later, and ended with it', async () => {
    const { as, id } = personas;
    const { url, idAcceso: suyo } = await conAccesoDeTesorera('Expediente con accesos derivados');
    const despues = await as.tesorera.post(`${url}/accesos`, {
      id_usuario: id.consulta,
      nivel: 'lectura',
      hasta: diaMadrid(5),
      motivo: 'Para que lo lea Urbanismo',
    });
    expect(despues.statusCode).toBe(400);
    expect(despues.json().msg).toBe(
      `Su acceso de gestión termina el ${diaMadrid(1).split('-').reverse().join('/')}: no puede conceder uno que termine después.`,
    );
    const derivado = await as.tesorera.post(`${url}/accesos`, {
      id_usuario: id.consulta,
      nivel: 'gestion',
      hasta: diaMadrid(1),
      motivo: 'Para que lo lea Urbanismo',
    });
    expect(derivado.statusCode, derivado.body).toBe(201);
    expect(derivado.json().data).toMatchObject({ derivado_de: suyo, causa_fin: null, estado: 'vigente' });
    // consulta holds gestión only by that derived grant: what she grants derives from hers.
    const nieto = await as.consulta.get(`${url}/accesos`);
    expect(nieto.statusCode).toBe(200);
    expect(nieto.json().data.limite_concesion).toEqual({ hasta: diaMadrid(1) });

    // tesorera sees the list, limited by her grant, and may revoke only what derives from hers.
    const lista = (await as.tesorera.get(`${url}/accesos`)).json().data;
    expect(lista.limite_concesion).toEqual({ hasta: diaMadrid(1) });
    expect(
      lista.accesos.map((acceso: { id_acceso: number; revocable: boolean }) => [acceso.id_acceso, acceso.revocable]),
    ).toEqual([
      [derivado.json().data.id_acceso, true],
      [suyo, false],
    ]);
    const propio = await as.tesorera.delete(`${url}/accesos/${suyo}`);
    expect(propio.statusCode).toBe(403);
    expect(propio.json()).toMatchObject({
      code: 'GESTION_POR_ACCESO',
      msg: 'Con un acceso concedido solo puede revocar los accesos que se concedieron a partir del suyo: los demás los revoca la unidad del expediente.',
    });

    // The revocation of hers ends the derived one, in the same step, and says so in the historial.
    expect((await as.consulta.get(url)).statusCode).toBe(200);
    expect((await as.admin.delete(`${url}/accesos/${suyo}`)).statusCode).toBe(200);
    expect((await as.consulta.get(url)).statusCode).toBe(404);
    const accesos = (await as.admin.get(`${url}/accesos`)).json().data.accesos;
    expect(accesos).toEqual([
      expect.objectContaining({
        estado: 'revocado',
        causa_fin: 'origen',
        revocado_por: expect.objectContaining({ username: 'admin' }),
      }),
      expect.objectContaining({ estado: 'revocado', causa_fin: null }),
    ]);
    const eventos = (await as.admin.get(`${url}/historial`)).json().data.items as {
      evento: string;
      descripcion: string;
    }[];
    expect(eventos.filter((evento) => evento.evento === 'acceso_revocado').map((evento) => evento.descripcion)).toEqual(
      [
        'Terminó el acceso de gestión de Lucía Fernández Díaz: derivaba de otro acceso que ha terminado.',
        'Revocó el acceso de gestión de Ana Belén Romero Gil.',
      ],
    );
  });

  it('lets whoever decides for the unidad grant without limit, but never to themselves or their own unidad', async () => {
    const { as, id } = personas;
    const db = stack.app().db;
    const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const creado = await as.gestor.post('/api/expedientes', {
      asunto: 'Expediente de Urbanismo',
      id_tipo: tipo!.id,
      id_unidad: await idUnidad(db, CODIGOS.urbanismo),
    });
    const url = `/api/expedientes/${creado.json().data.id_expediente}/accesos`;
    const aSiMismo = 'Nadie puede concederse acceso a sí mismo ni a una unidad a la que pertenece (o a una superior).';
    for (const destino of [
      { id_usuario: id.gestor },
      { id_unidad: await idUnidad(db, CODIGOS.urbanismo) },
      { id_unidad: await idUnidad(db, 'L01419999') },
    ]) {
      const response = await as.gestor.post(url, { ...destino, nivel: 'gestion', motivo: 'Para mí mismo' });
      expect(response.statusCode, JSON.stringify(destino)).toBe(400);
      expect(response.json().msg).toBe(aSiMismo);
    }
    const sinFecha = await as.gestor.post(url, { id_usuario: id.tesorera, nivel: 'gestion', motivo: 'Colaboración' });
    expect(sinFecha.statusCode, sinFecha.body).toBe(201);
    expect(sinFecha.json().data.derivado_de).toBeNull();
    expect((await as.gestor.get(url)).json().data.limite_concesion).toBeNull();
  });

  it('keeps the accesos list (with its motivos) from those who only read the expediente', async () => {
    const { as, id } = personas;
    const { url } = await conAccesoDeTesorera('Expediente que Urbanismo solo lee');
    expect(
      (
        await as.admin.post(`${url}/accesos`, {
          id_usuario: id.consulta,
          nivel: 'lectura',
          motivo: 'Consulta del convenio',
        })
      ).statusCode,
    ).toBe(201);
    expect((await as.consulta.get(url)).statusCode).toBe(200);
    const lista = await as.consulta.get(`${url}/accesos`);
    expect(lista.statusCode).toBe(403);
    expect(lista.json()).toEqual({
      success: false,
      msg: 'Los accesos de un expediente solo los ven quienes lo gestionan: su unidad, quien ve todos los expedientes o quien tiene un acceso de gestión.',
      code: 'SIN_GESTION',
    });
    expect(lista.body).not.toContain('Colaboración de Tesorería');
  });

  it('ends the grants a person made from a grant to her unidad when she leaves it', async () => {
    const { as, id } = personas;
    const db = stack.app().db;
    const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const creado = await as.admin.post('/api/expedientes', {
      asunto: 'Expediente abierto a Hacienda',
      id_tipo: tipo!.id,
      id_unidad: secretaria,
    });
    const url = `/api/expedientes/${creado.json().data.id_expediente}`;
    // A grant to Hacienda reaches tesorera (Tesorería lies below it); she passes it on to consulta.
    const aHacienda = await as.admin.post(`${url}/accesos`, {
      id_unidad: await idUnidad(db, CODIGOS.hacienda),
      nivel: 'gestion',
      motivo: 'Fiscalización del convenio',
    });
    expect(aHacienda.statusCode, aHacienda.body).toBe(201);
    const pasado = await as.tesorera.post(`${url}/accesos`, {
      id_usuario: id.consulta,
      nivel: 'lectura',
      motivo: 'Apoyo de Urbanismo',
    });
    expect(pasado.statusCode, pasado.body).toBe(201);
    expect(pasado.json().data.derivado_de).toBe(aHacienda.json().data.id_acceso);

    const fuera = await as.admin.put(`/api/admin/usuarios/${id.tesorera}/unidades`, {
      unidades: [await idUnidad(db, CODIGOS.urbanismo)],
    });
    expect(fuera.statusCode, fuera.body).toBe(200);
    try {
      expect((await as.consulta.get(url)).statusCode).toBe(404);
      const accesos = (await as.admin.get(`${url}/accesos`)).json().data.accesos;
      expect(accesos[0]).toMatchObject({ estado: 'revocado', causa_fin: 'pertenencia' });
      expect(accesos[1]).toMatchObject({ estado: 'vigente' });
    } finally {
      await as.admin.put(`/api/admin/usuarios/${id.tesorera}/unidades`, { unidades: [tesoreria] });
    }
  });
});

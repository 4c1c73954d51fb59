import type { Expediente, ExpedientesPagina } from '@ecodigital/contracts/expedientes';
import type { PlazoExpediente } from '@ecodigital/contracts/plazos';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../../testing/test-stack';
import { iniciarPersonas, type PersonasDemo } from '../../testing/personas';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { cargarFestivos, hoyMadrid } from '../../shared/plazos/calendario';
import { diasHabilesEntre, fechaLimite, sumarDias, sumarDiasHabiles } from '../../shared/plazos/computo';
import { COLA_AVISOS_PLAZO, enviarAvisos } from './avisos';

describe('plazos de resolución (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  let personas: PersonasDemo;
  let idLicencia: number;
  let idOtro: number;
  let urbanismo: number;

  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
    const db = stack.app().db;
    const tipos = await db.query<{ id: number; nombre: string }>(`SELECT id, nombre FROM tipo_expediente`);
    idLicencia = tipos.find((tipo) => tipo.nombre === 'Licencia')!.id;
    idOtro = tipos.find((tipo) => tipo.nombre === 'Otro')!.id;
    urbanismo = await idUnidad(db, CODIGOS.urbanismo);
  });

  const crear = async (asunto: string, id_tipo = idLicencia): Promise<Expediente> => {
    const response = await personas.as.gestor.post('/api/expedientes', { asunto, id_tipo, id_unidad: urbanismo });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const plazoDe = async (id: number, as = personas.as.gestor): Promise<PlazoExpediente | null> => {
    const response = await as.get(`/api/expedientes/${id}/plazo`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.plazo;
  };
  const lista = async (query: string, as = personas.as.gestor): Promise<number[]> => {
    const response = await as.get(`/api/expedientes?${query}&pageSize=100`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as ExpedientesPagina).items.map((item) => item.id_expediente);
  };

  describe('el plazo de un tipo y el calendario laboral, en Administración', () => {
    it('fija el plazo de un tipo; quien no administra catálogos no puede', async () => {
      const response = await personas.as.admin.put(`/api/admin/plazos/tipos/${idLicencia}`, {
        plazo: { cantidad: 10, unidad: 'dias_habiles' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ id: idLicencia, plazo: { cantidad: 10, unidad: 'dias_habiles' } });
      const tipos = (await personas.as.admin.get('/api/admin/plazos/tipos')).json().data;
      expect(tipos.find((tipo: { id: number }) => tipo.id === idOtro).plazo).toBeNull();
      const auditoria = await stack
        .app()
        .db.query(`SELECT descripcion FROM auditoria WHERE accion = 'catalogo.plazo' AND id_entidad = $1`, [
          String(idLicencia),
        ]);
      expect(auditoria).toEqual([{ descripcion: '«Licencia»: plazo de resolución de sin plazo a 10 días hábiles.' }]);

      const gestor = await personas.as.gestor.put(`/api/admin/plazos/tipos/${idLicencia}`, { plazo: null });
      expect(gestor.statusCode).toBe(403);
    });

    it.each([
      [{ plazo: { cantidad: 30, unidad: 'meses' } }, 'Un plazo en meses no puede pasar de 24 meses.'],
      [{ plazo: { cantidad: 0, unidad: 'dias_habiles' } }, /cantidad/],
      [{ plazo: { cantidad: 5, unidad: 'semanas' } }, /unidad/],
      [{}, /plazo/],
    ])('rechaza un plazo no válido con 400 en español: %j', async (body, mensaje) => {
      const response = await personas.as.admin.put(`/api/admin/plazos/tipos/${idOtro}`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().msg).toMatch(mensaje);
      const [tipo] = await stack.app().db.query(`SELECT plazo_cantidad FROM tipo_expediente WHERE id = $1`, [idOtro]);
      expect(tipo).toEqual({ plazo_cantidad: null });
    });

    it('añade, lista por año y quita festivos; una fecha repetida es un conflicto', async () => {
      const nuevo = await personas.as.admin.post('/api/admin/calendario', {
        fecha: '2025-03-05',
        nombre: 'Fiesta local',
        ambito: 'local',
      });
      expect(nuevo.statusCode, nuevo.body).toBe(201);
      const repetido = await personas.as.admin.post('/api/admin/calendario', {
        fecha: '2025-03-05',
        nombre: 'Otra',
        ambito: 'nacional',
      });
      expect(repetido.statusCode).toBe(409);
      expect(repetido.json().msg).toBe('El 05/03/2025 ya es festivo en el calendario.');
      const provisional = await personas.as.admin.post('/api/admin/calendario', {
        fecha: '2025-12-26',
        nombre: 'Provisional',
        ambito: 'autonomico',
      });
      expect(provisional.statusCode).toBe(201);
      const borrado = await personas.as.admin.delete(`/api/admin/calendario/${provisional.json().data.id}`);
      expect(borrado.statusCode, borrado.body).toBe(200);
      expect((await personas.as.admin.get('/api/admin/calendario?anio=2025')).json().data).toEqual([
        { id: nuevo.json().data.id, fecha: '2025-03-05', nombre: 'Fiesta local', ambito: 'local' },
      ]);
      expect((await personas.as.admin.delete('/api/admin/calendario/999999')).statusCode).toBe(404);
    });

    it.each([
      [{ fecha: 'mañana', nombre: 'X', ambito: 'local' }, /fecha/],
      [{ fecha: '2025-05-02', nombre: 'X', ambito: 'provincial' }, /ambito/],
      [{ fecha: '2025-05-02', nombre: '', ambito: 'local' }, /nombre/],
    ])('rechaza un festivo no válido con 400 en español: %j', async (body, mensaje) => {
      const response = await personas.as.admin.post('/api/admin/calendario', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().msg).toMatch(mensaje);
    });

    it('pide el año del calendario', async () => {
      const response = await personas.as.admin.get('/api/admin/calendario');
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/anio/);
      expect((await personas.as.gestor.get('/api/admin/calendario?anio=2025')).statusCode).toBe(403);
    });
  });

  describe('el plazo de un expediente', () => {
    let vencido: Expediente;
    let enPlazo: Expediente;

    beforeAll(async () => {
      vencido = await crear('Licencia de obra con plazo vencido');
      enPlazo = await crear('Licencia de obra con plazo en curso');
    });

    it('lo toma de su tipo al abrirse: vencimiento y días hábiles que quedan', async () => {
      const festivos = await cargarFestivos(stack.app().db);
      const hoy = hoyMadrid();
      const esperado = fechaLimite({ inicio: hoy, cantidad: 10, unidad: 'dias_habiles', diasSuspendidos: 0 }, festivos);
      expect(enPlazo.plazo).toEqual({ fecha_limite: esperado, estado: 'en_plazo' });
      expect(await plazoDe(enPlazo.id_expediente)).toEqual({
        inicio: hoy,
        cantidad: 10,
        unidad: 'dias_habiles',
        fecha_limite: esperado,
        dias_restantes: 10,
        estado: 'en_plazo',
        dias_suspendidos: 0,
        suspendido_desde: null,
        motivo_suspension: null,
      });
      const sinPlazo = await crear('Expediente de un tipo sin plazo', idOtro);
      expect(sinPlazo.plazo).toBeNull();
      expect(await plazoDe(sinPlazo.id_expediente)).toBeNull();
    });

    it('cuenta desde la entrada en el registro: festivo local incluido, vence el 18/03/2025', async () => {
      const response = await personas.as.gestor.put(`/api/expedientes/${vencido.id_expediente}/plazo/inicio`, {
        inicio: '2025-03-03',
        motivo: 'La solicitud entró en el registro el 03/03/2025',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ fecha_limite: '2025-03-18', estado: 'vencido' });
      expect(response.json().data.dias_restantes).toBeLessThan(0);
      const [evento] = await stack
        .app()
        .db.query(`SELECT descripcion, motivo FROM historial WHERE id_expediente = $1 AND evento = 'plazo_inicio'`, [
          vencido.id_expediente,
        ]);
      expect(evento).toEqual({
        descripcion: 'Cambió el inicio del cómputo del plazo; vence el 18/03/2025.',
        motivo: 'La solicitud entró en el registro el 03/03/2025',
      });
    });

    it('filtra la lista por vencidos y por los que vencen esta semana, y muestra el vencimiento', async () => {
      expect(await lista('plazo=vencido')).toEqual([vencido.id_expediente]);
      expect(await lista('plazo=esta_semana')).not.toContain(vencido.id_expediente);
      const fila = (await personas.as.gestor.get(`/api/expedientes?q=${encodeURIComponent('plazo vencido')}`)).json()
        .data.items[0];
      expect(fila.plazo).toEqual({ fecha_limite: '2025-03-18', estado: 'vencido' });
      const response = await personas.as.gestor.get('/api/expedientes?plazo=caducado');
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/plazo/);
    });

    it('no se suspende un plazo vencido', async () => {
      const response = await personas.as.gestor.post(`/api/expedientes/${vencido.id_expediente}/plazo/suspension`, {
        motivo: 'Requerimiento de subsanación',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().msg).toBe('El plazo ya venció: no se puede suspender.');
    });

    it('se suspende y se reanuda con motivo: el cómputo se detiene y el vencimiento se mueve lo detenido', async () => {
      const { id_expediente: id } = enPlazo;
      const antes = (await plazoDe(id))!;
      const suspension = await personas.as.gestor.post(`/api/expedientes/${id}/plazo/suspension`, {
        motivo: 'Requerimiento de subsanación al interesado',
      });
      expect(suspension.statusCode, suspension.body).toBe(200);
      expect(suspension.json().data).toMatchObject({
        estado: 'suspendido',
        suspendido_desde: hoyMadrid(),
        motivo_suspension: 'Requerimiento de subsanación al interesado',
        dias_restantes: antes.dias_restantes,
      });
      expect(await lista('plazo=suspendido')).toEqual([id]);
      const otra = await personas.as.gestor.post(`/api/expedientes/${id}/plazo/suspension`, { motivo: 'Otra vez' });
      expect(otra.statusCode).toBe(409);

      // As if it had been suspended a week ago.
      const desde = sumarDias(hoyMadrid(), -7);
      await stack
        .app()
        .db.query('UPDATE plazo_expediente SET suspendido_desde = $2 WHERE id_expediente = $1', [id, desde]);
      const festivos = await cargarFestivos(stack.app().db);
      const parados = diasHabilesEntre(desde, hoyMadrid(), festivos);
      const reanudacion = await personas.as.gestor.post(`/api/expedientes/${id}/plazo/reanudacion`, {
        motivo: 'El interesado aportó la documentación',
      });
      expect(reanudacion.statusCode, reanudacion.body).toBe(200);
      expect(reanudacion.json().data).toMatchObject({
        estado: 'en_plazo',
        suspendido_desde: null,
        dias_suspendidos: parados,
        fecha_limite: sumarDiasHabiles(antes.fecha_limite, parados, festivos),
      });
      const eventos = await stack
        .app()
        .db.query(
          `SELECT evento, motivo FROM historial WHERE id_expediente = $1 AND evento LIKE 'plazo_%' ORDER BY id`,
          [id],
        );
      expect(eventos).toEqual([
        { evento: 'plazo_suspendido', motivo: 'Requerimiento de subsanación al interesado' },
        { evento: 'plazo_reanudado', motivo: 'El interesado aportó la documentación' },
      ]);
      const otraVez = await personas.as.gestor.post(`/api/expedientes/${id}/plazo/reanudacion`, { motivo: 'Otra vez' });
      expect(otraVez.statusCode).toBe(409);
      expect(otraVez.json().msg).toBe('El plazo no está suspendido.');
    });

    it('un motivo corto o un inicio futuro: 400 en español, y nada cambia', async () => {
      const { id_expediente: id } = enPlazo;
      const antes = await plazoDe(id);
      const corto = await personas.as.gestor.post(`/api/expedientes/${id}/plazo/suspension`, { motivo: 'no' });
      expect(corto.statusCode).toBe(400);
      expect(corto.json().msg).toMatch(/motivo/);
      const futuro = await personas.as.gestor.put(`/api/expedientes/${id}/plazo/inicio`, {
        inicio: sumarDias(hoyMadrid(), 3),
        motivo: 'Entrada en el registro',
      });
      expect(futuro.statusCode).toBe(400);
      expect(futuro.json().msg).toBe('El inicio del cómputo no puede ser posterior a hoy.');
      expect(await plazoDe(id)).toEqual(antes);
    });

    it('quien no ve el expediente recibe 404; quien lo ve sin poder cambiarlo, 403', async () => {
      const { id_expediente: id } = enPlazo;
      for (const peticion of [
        personas.as.tesorera.get(`/api/expedientes/${id}/plazo`),
        personas.as.tesorera.post(`/api/expedientes/${id}/plazo/suspension`, { motivo: 'Suspensión ajena' }),
        personas.as.tesorera.post(`/api/expedientes/${id}/plazo/reanudacion`, { motivo: 'Reanudación ajena' }),
        personas.as.tesorera.put(`/api/expedientes/${id}/plazo/inicio`, {
          inicio: '2025-01-02',
          motivo: 'Inicio ajeno',
        }),
        personas.as.gestor.get('/api/expedientes/999999/plazo'),
      ]) {
        expect((await peticion).statusCode).toBe(404);
      }
      expect(await lista('plazo=vencido', personas.as.tesorera)).toEqual([]);
      const consulta = await personas.as.consulta.post(`/api/expedientes/${id}/plazo/suspension`, {
        motivo: 'Suspensión sin permiso',
      });
      expect(consulta.statusCode).toBe(403);
      expect((await plazoDe(id, personas.as.consulta))?.estado).toBe('en_plazo');
    });

    it('Inicio resume vencidos, los de esta semana y suspendidos de lo que cada uno ve', async () => {
      const gestor = (await personas.as.gestor.get('/api/plazos/resumen')).json().data;
      expect(gestor).toMatchObject({ vencidos: 1, suspendidos: 0 });
      expect(gestor.proximos[0]).toMatchObject({ id_expediente: vencido.id_expediente, estado: 'vencido' });
      expect((await personas.as.tesorera.get('/api/plazos/resumen')).json().data).toEqual({
        vencidos: 0,
        esta_semana: 0,
        suspendidos: 0,
        proximos: [],
      });
    });

    it('un festivo nuevo mueve los vencimientos abiertos que toca', async () => {
      const { id_expediente: id } = enPlazo;
      const antes = (await plazoDe(id))!;
      const festivos = await cargarFestivos(stack.app().db);
      // A working day before the deadline becomes a holiday.
      let dia = sumarDias(hoyMadrid(), 1);
      while (!(dia <= antes.fecha_limite && diasHabilesEntre(dia, sumarDias(dia, 1), festivos) === 1)) {
        dia = sumarDias(dia, 1);
      }
      const nuevo = await personas.as.admin.post('/api/admin/calendario', {
        fecha: dia,
        nombre: 'Fiesta',
        ambito: 'local',
      });
      expect(nuevo.statusCode, nuevo.body).toBe(201);
      expect((await plazoDe(id))!.fecha_limite).toBe(
        sumarDiasHabiles(antes.fecha_limite, 1, new Set([...festivos, dia])),
      );
    });
  });

  describe('avisos al responsable', () => {
    it('avisa N días hábiles antes y el día del vencimiento, una sola vez aunque corran dos instancias', async () => {
      const db = stack.app().db;
      const proximo = await crear('Licencia con aviso de plazo próximo');
      const hoyVence = await crear('Licencia que vence hoy mismo');
      const festivos = await cargarFestivos(db);
      const hoy = hoyMadrid();
      await db.query('UPDATE plazo_expediente SET fecha_limite = $2 WHERE id_expediente = $1', [
        proximo.id_expediente,
        sumarDiasHabiles(hoy, 2, festivos),
      ]);
      await db.query('UPDATE plazo_expediente SET fecha_limite = $2 WHERE id_expediente = $1', [
        hoyVence.id_expediente,
        hoy,
      ]);

      await stack.app().jobs.schedule(COLA_AVISOS_PLAZO, 'revision', 3_600_000);
      expect(await stack.app().jobs.drain(COLA_AVISOS_PLAZO)).toBe(1);
      // Two more runs at once, as two instances would: nothing is sent again.
      const otras = await Promise.all([
        db.transaction((tx) => enviarAvisos(tx, hoy, 3)),
        db.transaction((tx) => enviarAvisos(tx, hoy, 3)),
      ]);
      expect(otras).toEqual([0, 0]);

      const avisos = await db.query(
        `SELECT id_expediente, evento, id_notificado FROM historial
         WHERE evento IN ('plazo_proximo', 'plazo_vence_hoy') AND id_expediente = ANY($1::integer[]) ORDER BY id_expediente`,
        [[proximo.id_expediente, hoyVence.id_expediente]],
      );
      expect(avisos).toEqual([
        { id_expediente: proximo.id_expediente, evento: 'plazo_proximo', id_notificado: personas.id.gestor },
        { id_expediente: hoyVence.id_expediente, evento: 'plazo_vence_hoy', id_notificado: personas.id.gestor },
      ]);
      const notificaciones = (await personas.as.gestor.get('/api/notificaciones')).json().data.eventos;
      expect(
        notificaciones
          .filter((n: { tipo: string }) => n.tipo === 'plazo')
          .map((n: { descripcion: string }) => n.descripcion),
      ).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Aviso: el plazo de resolución vence el .* \(quedan 2 días hábiles\)\.$/),
          expect.stringMatching(/^Aviso: el plazo de resolución vence hoy/),
        ]),
      );
    });
  });
});

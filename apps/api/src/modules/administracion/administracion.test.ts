import type { Unidad } from '@ecodigital/contracts/administracion';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type DemoUsername } from '../../testing/api-client';
import { resign } from '../../testing/forge-token';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf } from '../documentos/inspection/testing/sample-files';
import { formulario } from '../documentos/testing/multipart';
import { iniciarPersonas } from '../../testing/personas';

describe('administration API (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const tokens = {} as Record<DemoUsername, string>;
  const id = {} as Record<DemoUsername, number>;

  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    Object.assign(tokens, personas.tokens);
    Object.assign(id, personas.id);
  });

  const auditoria = async (query = '') => (await as.admin.get(`/api/admin/auditoria?${query}`)).json().data;
  const unidades = async (): Promise<Unidad[]> => (await as.admin.get('/api/admin/unidades')).json().data;

  it('refuses every administration route to who lacks its permiso (403), and changes nothing', async () => {
    const antes = await auditoria();
    for (const [metodo, url, cuerpo] of [
      ['GET', '/api/admin/unidades'],
      ['POST', '/api/admin/unidades', { codigo: 'X1', nombre: 'Intrusa' }],
      ['PATCH', '/api/admin/unidades/1', { nombre: 'Renombrada' }],
      ['GET', '/api/admin/usuarios'],
      ['PUT', `/api/admin/usuarios/${id.gestor}/unidades`, { unidades: [] }],
      ['GET', '/api/admin/roles'],
      ['PUT', '/api/admin/roles/gestor/permisos', { permisos: [] }],
      ['GET', '/api/admin/catalogos/tipos'],
      ['POST', '/api/admin/catalogos/tipos-documentales', { nombre: 'Intruso' }],
      ['PATCH', '/api/admin/catalogos/tipos/1', { activo: false }],
      ['GET', '/api/admin/auditoria'],
    ] as const) {
      const send = { GET: as.gestor.get, POST: as.gestor.post, PATCH: as.gestor.patch, PUT: as.gestor.put }[metodo];
      const response = await send(url, cuerpo);
      expect(response.statusCode, `${metodo} ${url}`).toBe(403);
    }
    expect(await auditoria()).toEqual(antes);
  });

  describe('unidades', () => {
    it('lists the tree with its people and expedientes', async () => {
      const lista = await unidades();
      const urbanismo = lista.find((unidad) => unidad.codigo === CODIGOS.urbanismo)!;
      const raiz = lista.find((unidad) => unidad.id_padre === null && unidad.codigo === 'L01419999')!;
      expect(urbanismo).toMatchObject({ nombre: 'Urbanismo', id_padre: raiz.id, activa: true, personas: 2 });
      expect(
        lista
          .filter((unidad) => unidad.id_padre === urbanismo.id)
          .map((unidad) => unidad.nombre)
          .sort(),
      ).toEqual(['Sección de Licencias', 'Sección de Planeamiento']);
    });

    it('creates one (code in capitals), refuses repeated codes and sibling names, and audits it', async () => {
      const urbanismo = await idUnidad(stack.app().db, CODIGOS.urbanismo);
      const creada = await as.admin.post('/api/admin/unidades', {
        codigo: 'la0019020',
        nombre: '  Sección   de Disciplina  ',
        id_padre: urbanismo,
      });
      expect(creada.statusCode, creada.body).toBe(201);
      expect(creada.json()).toMatchObject({
        msg: 'Unidad creada.',
        data: { codigo: 'LA0019020', nombre: 'Sección de Disciplina', id_padre: urbanismo, activa: true, personas: 0 },
      });
      for (const [cuerpo, estado, msg] of [
        [{ codigo: 'LA0019020', nombre: 'Otra' }, 409, 'Ya existe una unidad con el código «LA0019020».'],
        [
          { codigo: 'LA0019021', nombre: 'sección de disciplina', id_padre: urbanismo },
          409,
          'Ya existe una unidad «sección de disciplina» en ese mismo nivel.',
        ],
        [{ codigo: 'LA0019022', nombre: 'Huérfana', id_padre: 999_999 }, 400, 'La unidad superior indicada no existe.'],
      ] as const) {
        const response = await as.admin.post('/api/admin/unidades', cuerpo);
        expect(response.statusCode, JSON.stringify(cuerpo)).toBe(estado);
        expect(response.json().msg).toBe(msg);
      }
      const malCodigo = await as.admin.post('/api/admin/unidades', { codigo: 'con espacios', nombre: 'Mala' });
      expect(malCodigo.statusCode).toBe(400);
      // A section of the same name under another parent is fine.
      const hacienda = await idUnidad(stack.app().db, CODIGOS.hacienda);
      const otra = await as.admin.post('/api/admin/unidades', {
        codigo: 'LA0019023',
        nombre: 'Sección de Disciplina',
        id_padre: hacienda,
      });
      expect(otra.statusCode).toBe(201);

      const [registro] = (await auditoria('entidad=unidad')).items;
      expect(registro).toMatchObject({
        accion: 'unidad.crear',
        usuario: { username: 'admin' },
        descripcion: 'Creó la unidad «Sección de Disciplina» (LA0019023).',
        despues: { codigo: 'LA0019023' },
      });
    });

    it('moves a unidad with everything below it, and never under itself or its descendants', async () => {
      const db = stack.app().db;
      const urbanismo = await idUnidad(db, CODIGOS.urbanismo);
      const licencias = await idUnidad(db, CODIGOS.licencias);
      const secretaria = await idUnidad(db, CODIGOS.secretaria);
      for (const destino of [urbanismo, licencias]) {
        const response = await as.admin.patch(`/api/admin/unidades/${urbanismo}`, { id_padre: destino });
        expect(response.statusCode).toBe(400);
        expect(response.json().msg).toBe(
          'Una unidad no puede depender de sí misma ni de una unidad que depende de ella.',
        );
      }
      // The database refuses a loop too, whatever writes it.
      await expect(db.query('UPDATE unidad SET id_padre = $1 WHERE id = $2', [licencias, urbanismo])).rejects.toThrow(
        /no puede depender de sí misma/,
      );

      const movida = await as.admin.patch(`/api/admin/unidades/${licencias}`, { id_padre: secretaria });
      expect(movida.statusCode, movida.body).toBe(200);
      expect(movida.json().data).toMatchObject({ id_padre: secretaria });
      // gestor (Urbanismo) no longer reaches the section: its expedientes now belong to Secretaría's branch.
      const propias = (await as.gestor.get('/api/catalogos/unidades?ambito=creacion')).json().data as { id: number }[];
      expect(propias.map((unidad) => unidad.id)).not.toContain(licencias);
      await as.admin.patch(`/api/admin/unidades/${licencias}`, { id_padre: urbanismo });
      expect(
        await db.query('SELECT 1 FROM unidad WHERE id = $1 AND id_padre = $2', [licencias, urbanismo]),
      ).toHaveLength(1);
      // Not even the schema's owner deletes one (the API's own role may not try: see db/api-privileges).
      await expect(stack.testApp().owner().query('DELETE FROM unidad WHERE id = $1', [licencias])).rejects.toThrow(
        /no se borran/,
      );
    });

    it('a deactivated unidad keeps its expedientes but receives no new ones', async () => {
      const db = stack.app().db;
      const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
      const creada = (
        await as.admin.post('/api/admin/unidades', { codigo: 'LA0019030', nombre: 'Oficina temporal' })
      ).json().data as Unidad;
      const expediente = await as.admin.post('/api/expedientes', {
        asunto: 'Expediente de la oficina temporal',
        id_tipo: tipo!.id,
        id_unidad: creada.id,
      });
      expect(expediente.statusCode).toBe(201);
      const baja = await as.admin.patch(`/api/admin/unidades/${creada.id}`, { activa: false });
      expect(baja.json()).toMatchObject({ msg: 'Unidad actualizada.', data: { activa: false, expedientes: 1 } });
      expect((await as.admin.get(`/api/expedientes/${expediente.json().data.id_expediente}`)).statusCode).toBe(200);
      const nuevo = await as.admin.post('/api/expedientes', {
        asunto: 'Otro en la oficina cerrada',
        id_tipo: tipo!.id,
        id_unidad: creada.id,
      });
      expect(nuevo.statusCode).toBe(400);
      expect(nuevo.json().msg).toBe('La unidad indicada está desactivada y no admite expedientes nuevos.');
      const igual = await as.admin.patch(`/api/admin/unidades/${creada.id}`, { activa: false });
      expect(igual.json().msg).toBe('No hay cambios.');
      expect((await as.admin.patch('/api/admin/unidades/999999', { activa: false })).statusCode).toBe(404);
      expect((await as.admin.patch('/api/admin/unidades/abc', { activa: false })).statusCode).toBe(404);
      expect((await as.admin.patch(`/api/admin/unidades/${creada.id}`, {})).statusCode).toBe(400);
    });
  });

  describe('personas', () => {
    it('finds people by name without accents, with their roles, unidades and last sign-in', async () => {
      const pagina = (await as.admin.get('/api/admin/usuarios?q=lucia fernandez')).json().data;
      expect(pagina).toMatchObject({ total: 1, origen_unidades: 'aplicacion' });
      expect(pagina.items[0]).toMatchObject({
        username: 'consulta',
        nombre_completo: 'Lucía Fernández Díaz',
        roles: ['consulta'],
        unidades: [{ codigo: CODIGOS.urbanismo, nombre: 'Urbanismo' }],
      });
      expect(new Date(pagina.items[0].ultimo_acceso).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
      const urbanismo = await idUnidad(stack.app().db, CODIGOS.urbanismo);
      const deUrbanismo = (await as.admin.get(`/api/admin/usuarios?unidad=${urbanismo}`)).json().data;
      expect(deUrbanismo.items.map((persona: { username: string }) => persona.username).sort()).toEqual([
        'consulta',
        'gestor',
      ]);
    });

    it('lists people in Spanish order: Álvaro before Bea, María before Marta', async () => {
      await stack.app().db.query(
        `INSERT INTO usuario (sub, username, nombres, apellidos, roles)
         SELECT 'sub-orden-' || n, 'orden' || n, nombre, 'Ordenado', '{}'
         FROM unnest($1::text[]) WITH ORDINALITY AS t(nombre, n)`,
        [['Marta', 'Bea', 'María', 'Álvaro']],
      );
      const pagina = (await as.admin.get('/api/admin/usuarios?q=ordenado')).json().data;
      expect(pagina.items.map((persona: { nombre_completo: string }) => persona.nombre_completo)).toEqual([
        'Álvaro Ordenado',
        'Bea Ordenado',
        'María Ordenado',
        'Marta Ordenado',
      ]);
      await stack.app().db.query(`DELETE FROM usuario WHERE sub LIKE 'sub-orden-%'`);
    });

    it('assigns unidades, refusing unknown and newly deactivated ones, and audits the change', async () => {
      const db = stack.app().db;
      const tesoreria = await idUnidad(db, CODIGOS.tesoreria);
      const hacienda = await idUnidad(db, CODIGOS.hacienda);
      const url = `/api/admin/usuarios/${id.tesorera}/unidades`;
      expect((await as.admin.put(url, { unidades: [tesoreria, 999_999] })).json().msg).toBe(
        'Alguna de las unidades indicadas no existe.',
      );
      const [baja] = await db.query<{ id: number }>(
        `INSERT INTO unidad (codigo, nombre, activa) VALUES ('BAJA02', 'Negociado extinguido', false) RETURNING id`,
      );
      const inactiva = await as.admin.put(url, { unidades: [tesoreria, baja!.id] });
      expect(inactiva.statusCode).toBe(400);
      expect(inactiva.json().msg).toBe('No se puede asignar una unidad desactivada: «Negociado extinguido».');
      expect((await as.admin.put(url, { unidades: [tesoreria, tesoreria] })).statusCode).toBe(400);
      expect((await as.admin.put('/api/admin/usuarios/999999/unidades', { unidades: [] })).statusCode).toBe(404);

      const asignada = await as.admin.put(url, { unidades: [tesoreria, hacienda] });
      expect(asignada.statusCode, asignada.body).toBe(200);
      expect(
        asignada
          .json()
          .data.unidades.map((unidad: { codigo: string }) => unidad.codigo)
          .sort(),
      ).toEqual([CODIGOS.hacienda, CODIGOS.tesoreria]);
      const [registro] = (await auditoria('entidad=usuario')).items;
      expect(registro).toMatchObject({
        accion: 'usuario.unidades',
        id_entidad: String(id.tesorera),
        antes: [CODIGOS.tesoreria],
        despues: [CODIGOS.hacienda, CODIGOS.tesoreria].sort(),
      });
      expect((await as.admin.put(url, { unidades: [hacienda, tesoreria] })).json().msg).toBe('No hay cambios.');
      await as.admin.put(url, { unidades: [tesoreria] });
    });
  });

  describe('roles y permisos', () => {
    it('lists the roles with their permisos, and the permiso the administrador can never lose', async () => {
      const datos = (await as.admin.get('/api/admin/roles')).json().data;
      expect(datos.roles.map((rol: { rol: string }) => rol.rol)).toEqual(['administrador', 'consulta', 'gestor']);
      expect(datos.roles[0]).toMatchObject({ permisos_fijos: ['administracion.roles'], personas: 1 });
      expect(datos.roles[1]).toMatchObject({ permisos: ['documentos.descargar', 'expedientes.ver'], personas: 1 });
      expect(datos.permisos.map((permiso: { codigo: string }) => permiso.codigo)).toContain('administracion.auditoria');
    });

    it('a change applies to the next request on this instance, and is audited', async () => {
      const quitar = await as.admin.put('/api/admin/roles/consulta/permisos', { permisos: ['documentos.descargar'] });
      expect(quitar.statusCode, quitar.body).toBe(200);
      expect(quitar.json().msg).toBe('Permisos actualizados.');
      expect((await as.consulta.get('/api/expedientes')).statusCode).toBe(403);
      const [registro] = (await auditoria('entidad=rol')).items;
      expect(registro).toMatchObject({
        accion: 'rol.permisos',
        id_entidad: 'consulta',
        descripcion: 'Permisos del rol «consulta»: quitó «Ver expedientes».',
        antes: ['documentos.descargar', 'expedientes.ver'],
        despues: ['documentos.descargar'],
      });
      await as.admin.put('/api/admin/roles/consulta/permisos', {
        permisos: ['documentos.descargar', 'expedientes.ver'],
      });
      expect((await as.consulta.get('/api/expedientes')).statusCode).toBe(200);
    });

    it('never takes from the administrador the permiso to administer roles (no lock-out)', async () => {
      const antes = (await as.admin.get('/api/admin/roles')).json().data.roles[0].permisos;
      const response = await as.admin.put('/api/admin/roles/administrador/permisos', { permisos: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json().msg).toBe(
        'El rol «administrador» no puede perder el permiso de administrar roles: nadie podría devolverlo.',
      );
      expect((await as.admin.get('/api/admin/roles')).json().data.roles[0].permisos).toEqual(antes);
      await expect(
        stack
          .app()
          .db.query(`DELETE FROM rol_permiso WHERE rol = 'administrador' AND permiso = 'administracion.roles'`),
      ).rejects.toThrow(/no puede perder el permiso/);
    });

    it('refuses unknown permisos and bad role names', async () => {
      const desconocido = await as.admin.put('/api/admin/roles/gestor/permisos', { permisos: ['todo.poder'] });
      expect(desconocido.statusCode).toBe(400);
      expect(desconocido.json().msg).toBe('Permisos desconocidos: todo.poder.');
      expect((await as.admin.put('/api/admin/roles/mal%20nombre/permisos', { permisos: [] })).statusCode).toBe(400);
    });

    it('gives permisos only to declared roles: a typo, or a role every person carries, creates nothing', async () => {
      for (const rol of ['archivero', 'default-roles-ecodigital', 'offline_access']) {
        const response = await as.admin.put(`/api/admin/roles/${rol}/permisos`, { permisos: ['expedientes.ver'] });
        expect(response.statusCode, rol).toBe(404);
        expect(response.json().msg).toBe(
          `El rol «${rol}» no está declarado: declárelo antes en «Roles y permisos» (Declarar rol).`,
        );
      }
      const [filas] = await stack.app().db.query<{ roles: number; permisos: number }>(
        `SELECT (SELECT count(*) FROM rol WHERE nombre IN ('archivero', 'default-roles-ecodigital', 'offline_access'))::integer AS roles,
                  (SELECT count(*) FROM rol_permiso WHERE rol IN ('archivero', 'default-roles-ecodigital', 'offline_access'))::integer AS permisos`,
      );
      expect(filas).toEqual({ roles: 0, permisos: 0 });
    });

    it('declares a role explicitly, asking to confirm one the whole realm carries, and audits it', async () => {
      const declarado = await as.admin.post('/api/admin/roles', {
        nombre: 'archivero',
        descripcion: 'Personal del archivo',
      });
      expect(declarado.statusCode, declarado.body).toBe(201);
      expect(declarado.json().msg).toBe('Rol «archivero» declarado.');
      const archivero = declarado.json().data.roles.find((rol: { rol: string }) => rol.rol === 'archivero');
      expect(archivero).toMatchObject({ descripcion: 'Personal del archivo', permisos: [], todo_el_dominio: false });
      expect(
        (await as.admin.post('/api/admin/roles', { nombre: 'archivero', descripcion: 'Otra vez' })).statusCode,
      ).toBe(409);
      const conPermisos = await as.admin.put('/api/admin/roles/archivero/permisos', { permisos: ['expedientes.ver'] });
      expect(conPermisos.statusCode, conPermisos.body).toBe(200);

      const sinConfirmar = await as.admin.post('/api/admin/roles', {
        nombre: 'default-roles-ecodigital',
        descripcion: 'Rol por defecto del dominio',
      });
      expect(sinConfirmar.statusCode).toBe(409);
      expect(sinConfirmar.json()).toMatchObject({
        code: 'ROL_DE_TODO_EL_DOMINIO',
        msg: 'El rol «default-roles-ecodigital» lo tienen todas las personas del dominio: los permisos que le dé los tendrá todo el mundo. Confírmelo para declararlo.',
      });
      const confirmado = await as.admin.post('/api/admin/roles', {
        nombre: 'default-roles-ecodigital',
        descripcion: 'Rol por defecto del dominio',
        confirmar_todo_el_dominio: true,
      });
      expect(confirmado.statusCode, confirmado.body).toBe(201);
      expect(
        confirmado.json().data.roles.find((rol: { rol: string }) => rol.rol === 'default-roles-ecodigital'),
      ).toMatchObject({ todo_el_dominio: true });
      const [registro] = (await auditoria('entidad=rol')).items;
      expect(registro).toMatchObject({
        accion: 'rol.declarar',
        id_entidad: 'default-roles-ecodigital',
        descripcion: 'Declaró el rol «default-roles-ecodigital» (lo tienen todas las personas del dominio).',
      });
    });

    it('lists the roles seen in tokens that are not declared, apart', async () => {
      const real = (await stack.idp().tokensFor('consulta')).access_token;
      const token = await resign(real, await stack.idp().signingKey(), (payload) => ({
        ...payload,
        realm_access: { roles: ['consulta', 'offline_access', 'uma_authorization'] },
      }));
      await apiClient(stack.app(), token).get('/api/session/get');
      const datos = (await as.admin.get('/api/admin/roles')).json().data;
      expect(datos.roles.map((rol: { rol: string }) => rol.rol)).not.toContain('offline_access');
      expect(datos.sin_declarar).toEqual([
        { rol: 'offline_access', personas: 1, todo_el_dominio: true },
        { rol: 'uma_authorization', personas: 1, todo_el_dominio: true },
      ]);
    });
  });

  describe('catálogos', () => {
    it('adds, renames and deactivates tipos; a deactivated one is kept but not offered for new expedientes', async () => {
      const creado = await as.admin.post('/api/admin/catalogos/tipos', { nombre: 'Subvención' });
      expect(creado.statusCode, creado.body).toBe(201);
      const tipo = creado.json().data;
      expect(tipo).toMatchObject({ nombre: 'Subvención', activo: true, en_uso: 0 });
      expect((await as.admin.post('/api/admin/catalogos/tipos', { nombre: 'subvención' })).statusCode).toBe(409);

      const urbanismo = await idUnidad(stack.app().db, CODIGOS.urbanismo);
      const expediente = (
        await as.gestor.post('/api/expedientes', {
          asunto: 'Subvención a la rehabilitación',
          id_tipo: tipo.id,
          id_unidad: urbanismo,
        })
      ).json().data;
      const baja = await as.admin.patch(`/api/admin/catalogos/tipos/${tipo.id}`, { activo: false });
      expect(baja.json().data).toMatchObject({ activo: false, en_uso: 1 });
      const nuevo = await as.gestor.post('/api/expedientes', {
        asunto: 'Otra subvención',
        id_tipo: tipo.id,
        id_unidad: urbanismo,
      });
      expect(nuevo.statusCode).toBe(400);
      expect(nuevo.json().msg).toBe('El tipo de expediente indicado está desactivado.');
      // The expediente that has it keeps it and can still be edited.
      const edicion = await as.gestor.patch(`/api/expedientes/${expediente.id_expediente}`, {
        version: 1,
        id_tipo: tipo.id,
        asunto: 'Subvención a la rehabilitación de fachadas',
      });
      expect(edicion.statusCode, edicion.body).toBe(200);
      const catalogo = (await as.gestor.get('/api/catalogos/tipos-expediente')).json().data;
      expect(catalogo).toContainEqual({ id: tipo.id, nombre: 'Subvención', activo: false });
      await expect(
        stack.testApp().owner().query('DELETE FROM tipo_expediente WHERE id = $1', [tipo.id]),
      ).rejects.toThrow(/no se borran/);
    });

    it('keeps the name of a tipo documental in use (it is part of the índice hash); an unused one may be renamed', async () => {
      const db = stack.app().db;
      const [anexo] = await db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Anexo'`);
      const urbanismo = await idUnidad(db, CODIGOS.urbanismo);
      const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente WHERE activo ORDER BY id LIMIT 1');
      const expediente = (
        await as.gestor.post('/api/expedientes', {
          asunto: 'Expediente con anexo',
          id_tipo: tipo!.id,
          id_unidad: urbanismo,
        })
      ).json().data;
      const subir = async (idTipoDocumental: number, nombre: string) => {
        const { payload, headers } = formulario([
          { campo: 'id_tipo_documental', valor: String(idTipoDocumental) },
          { campo: 'archivo', archivo: nombre, contenido: samplePdf(nombre) },
        ]);
        return stack.app().inject({
          method: 'POST',
          url: `/api/expedientes/${expediente.id_expediente}/documentos`,
          headers: { ...headers, authorization: `Bearer ${tokens.gestor}` },
          payload,
        });
      };
      expect((await subir(anexo!.id, 'anexo.pdf')).statusCode).toBe(201);
      const renombrar = await as.admin.patch(`/api/admin/catalogos/tipos-documentales/${anexo!.id}`, {
        nombre: 'Anexo técnico',
      });
      expect(renombrar.statusCode).toBe(409);
      expect(renombrar.json().msg).toMatch(/forma parte de la huella del índice/);

      const nuevo = (await as.admin.post('/api/admin/catalogos/tipos-documentales', { nombre: 'Plano' })).json().data;
      const renombrado = await as.admin.patch(`/api/admin/catalogos/tipos-documentales/${nuevo.id}`, {
        nombre: 'Plano de situación',
      });
      expect(renombrado.json().data).toMatchObject({ nombre: 'Plano de situación', en_uso: 0 });
      await as.admin.patch(`/api/admin/catalogos/tipos-documentales/${nuevo.id}`, { activo: false });
      const refusado = await subir(nuevo.id, 'plano.pdf');
      expect(refusado.statusCode).toBe(400);
      expect(refusado.json().msg).toBe('El tipo documental indicado está desactivado.');
      expect((await as.admin.patch('/api/admin/catalogos/tipos/999999', { activo: false })).statusCode).toBe(404);
    });
  });

  describe('auditoría', () => {
    it('is append-only and filterable by what changed, by whom, by text and by day', async () => {
      const todo = await auditoria();
      expect(todo.total).toBeGreaterThan(5);
      expect(todo.items.map((item: { id: number }) => item.id)).toEqual(
        [...todo.items.map((item: { id: number }) => item.id)].sort((a, b) => b - a),
      );
      const porUsuario = await auditoria(`usuario=${id.admin}&entidad=rol`);
      expect(porUsuario.items.every((item: { entidad: string }) => item.entidad === 'rol')).toBe(true);
      expect((await auditoria('q=disciplina')).total).toBe(2);
      expect((await auditoria('desde=2001-01-01&hasta=2001-12-31')).total).toBe(0);
      expect((await as.admin.get('/api/admin/auditoria?entidad=inventada')).statusCode).toBe(400);
      const owner = stack.testApp().owner();
      await expect(owner.query('UPDATE auditoria SET descripcion = $1', ['borrado'])).rejects.toThrow(
        /solo admite añadir/,
      );
      await expect(owner.query('DELETE FROM auditoria')).rejects.toThrow(/solo admite añadir/);
    });
  });
});

describe("membership from the identity provider's groups (OIDC_GROUPS_CLAIM)", () => {
  const stack = useTestStack({ env: { OIDC_GROUPS_CLAIM: 'groups' } });

  async function conGrupos(username: DemoUsername, grupos: unknown): Promise<ApiClient> {
    const real = (await stack.idp().tokensFor(username)).access_token;
    const token = await resign(real, await stack.idp().signingKey(), (payload) => ({ ...payload, groups: grupos }));
    return apiClient(stack.app(), token);
  }

  async function unidadesDe(username: string): Promise<string[]> {
    const rows = await stack.app().db.query<{ codigo: string }>(
      `SELECT u.codigo FROM usuario_unidad uu JOIN unidad u ON u.id = uu.id_unidad
       JOIN usuario p ON p.id_usuario = uu.id_usuario WHERE p.username = $1 ORDER BY u.codigo`,
      [username],
    );
    return rows.map((row) => row.codigo);
  }

  it('follows the claim at each sign-in (codes matched without case, paths by their last part); unknown groups are ignored', async () => {
    const tesorera = await conGrupos('tesorera', ['/Ayuntamiento/Hacienda/la0019009', 'GRUPO-SIN-UNIDAD']);
    expect((await tesorera.get('/api/session/get')).statusCode).toBe(200);
    expect(await unidadesDe('tesorera')).toEqual([CODIGOS.tesoreria]);

    const otra = await conGrupos('tesorera', [CODIGOS.urbanismo]);
    expect((await otra.get('/api/expedientes')).statusCode).toBe(200);
    expect(await unidadesDe('tesorera')).toEqual([CODIGOS.urbanismo]);

    const admin = await conGrupos('admin', []);
    const [registro] = (await admin.get('/api/admin/auditoria?entidad=usuario')).json().data.items;
    expect(registro).toMatchObject({ usuario: null, antes: [CODIGOS.tesoreria], despues: [CODIGOS.urbanismo] });

    const sinGrupos = await conGrupos('tesorera', 'no es una lista');
    await sinGrupos.get('/api/session/get');
    expect(await unidadesDe('tesorera')).toEqual([]);
  });

  it('follows the token presented, even right after another token of the same person changed it', async () => {
    const sinGrupos = await conGrupos('gestor', []);
    const conUrbanismo = await conGrupos('gestor', [CODIGOS.urbanismo]);
    const admin = await conGrupos('admin', []);
    const [tipo] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const creado = await admin.post('/api/expedientes', {
      asunto: 'Expediente de Urbanismo en modo grupos',
      id_tipo: tipo!.id,
      id_unidad: await idUnidad(stack.app().db, CODIGOS.urbanismo),
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const url = `/api/expedientes/${creado.json().data.id_expediente}`;

    expect((await sinGrupos.get(url)).statusCode).toBe(404);
    expect((await conUrbanismo.get(url)).statusCode).toBe(200);
    expect(await unidadesDe('gestor')).toEqual([CODIGOS.urbanismo]);
    // The token without groups was seen a moment ago: its claims are the same, its answer must not be.
    expect((await sinGrupos.get(url)).statusCode).toBe(404);
    expect(await unidadesDe('gestor')).toEqual([]);
  });

  it('takes the expedientes they answered for from who leaves a unidad by the claim, in the historial', async () => {
    const conUrbanismo = await conGrupos('consulta', [CODIGOS.urbanismo]);
    await conUrbanismo.get('/api/session/get');
    const admin = await conGrupos('admin', []);
    const [consulta] = await stack
      .app()
      .db.query<{ id_usuario: number }>(`SELECT id_usuario FROM usuario WHERE username = 'consulta'`);
    const [tipo] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const creado = await admin.post('/api/expedientes', {
      asunto: 'Expediente del que responde consulta',
      id_tipo: tipo!.id,
      id_unidad: await idUnidad(stack.app().db, CODIGOS.urbanismo),
      id_responsable: consulta!.id_usuario,
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const url = `/api/expedientes/${creado.json().data.id_expediente}`;

    await (await conGrupos('consulta', [CODIGOS.tesoreria])).get('/api/session/get');
    expect((await admin.get(url)).json().data.responsable).toBeNull();
    const historial = (await admin.get(`${url}/historial`)).json().data.items as { evento: string }[];
    expect(historial.find((evento) => evento.evento === 'edicion')).toMatchObject({
      usuario: { username: 'consulta' },
      descripcion:
        'Dejó de ser responsable: según el proveedor de identidad ya no pertenece a la unidad del expediente ni a una superior.',
    });
  });

  it('shows membership read-only in administration: assigning answers 409', async () => {
    const admin = await conGrupos('admin', []);
    const personas = (await admin.get('/api/admin/usuarios')).json().data;
    expect(personas.origen_unidades).toBe('proveedor_identidad');
    const [persona] = personas.items;
    const response = await admin.put(`/api/admin/usuarios/${persona.id_usuario}/unidades`, { unidades: [] });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe(
      'Las unidades de cada persona las asigna el proveedor de identidad (grupos): cámbielas allí.',
    );
  });
});

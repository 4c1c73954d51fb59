import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resign } from '../../testing/forge-token';
import { useTestStack } from '../../testing/test-stack';
import { SESSION_CACHE_TTL_MS } from '../../shared/caller/caller-cache';

const PERMISOS_DE_GESTION = [
  'documentos.anular',
  'documentos.descargar',
  'documentos.subir',
  'documentos.verificar',
  'expedientes.cambiar_estado',
  'expedientes.crear',
  'expedientes.editar',
  'expedientes.exportar_eni',
  'expedientes.ver',
];

const PERMISOS_DE_ADMINISTRACION = [
  'administracion.auditoria',
  'administracion.catalogos',
  'administracion.indice',
  'administracion.integridad',
  'administracion.roles',
  'administracion.trabajos',
  'administracion.unidades',
  'administracion.usuarios',
  ...PERMISOS_DE_GESTION.slice(0, 8),
  'expedientes.ver',
  'expedientes.ver_todos',
  'retencion.aprobar_eliminacion',
  'retencion.gestionar',
];

const ADMINISTRACION = {
  nom_mostrar: 'Administración',
  nom_modulo: 'administracion',
  icon: 'SettingOutlined',
  children: [
    'unidades',
    'personas',
    'roles',
    'catalogos',
    'calendario',
    'auditoria',
    'indice',
    'trabajos',
    'integridad',
    'cuadro-clasificacion',
    'eliminacion',
  ].map((area) => ({
    nom_modulo: `administracion/${area}`,
  })),
};

const SUBIR_DOCUMENTOS = {
  nom_mostrar: 'Subir documentos',
  nom_modulo: 'subir-documentos',
  icon: 'CloudUploadOutlined',
  children: [],
};
const BUSCAR_EN_DOCUMENTOS = {
  nom_mostrar: 'Buscar en documentos',
  nom_modulo: 'buscar-documentos',
  icon: 'FileSearchOutlined',
  children: [],
};
const expedientes = (children: object[]) => ({
  nom_mostrar: 'Expedientes',
  nom_modulo: 'expedientes',
  icon: 'FolderOpenOutlined',
  children,
});

const DEMO = [
  {
    username: 'admin',
    nombres: 'María José',
    apellidos: 'García López',
    rol: 'administrador',
    permisos: PERMISOS_DE_ADMINISTRACION,
    menu: [expedientes([SUBIR_DOCUMENTOS, BUSCAR_EN_DOCUMENTOS]), ADMINISTRACION],
  },
  {
    username: 'gestor',
    nombres: 'Juan Carlos',
    apellidos: 'Pérez Ruiz',
    rol: 'gestor',
    permisos: PERMISOS_DE_GESTION,
    menu: [expedientes([SUBIR_DOCUMENTOS, BUSCAR_EN_DOCUMENTOS])],
  },
  {
    username: 'consulta',
    nombres: 'Lucía',
    apellidos: 'Fernández Díaz',
    rol: 'consulta',
    permisos: ['documentos.descargar', 'expedientes.ver'],
    menu: [expedientes([BUSCAR_EN_DOCUMENTOS])],
  },
] as const;

describe('GET /api/session/get', () => {
  const stack = useTestStack();

  it.each(DEMO)('answers the menu, usuario and permisos of $username', async (demo) => {
    const { access_token } = await stack.idp().tokensFor(demo.username);
    const claims = decodeJwt(access_token);
    const response = await stack.app().inject({
      method: 'GET',
      url: '/api/session/get',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(body.success).toBe(true);
    expect(body.data.permisos).toEqual(demo.permisos);
    expect(body.data.menu).toMatchObject(demo.menu);
    expect(body.data.menu).toHaveLength(demo.menu.length);
    expect(body.data.menu[0].children).toHaveLength(demo.menu[0].children.length);
    expect(body.data.usuario).toEqual({
      id_usuario: expect.any(Number),
      sub: claims.sub,
      username: demo.username,
      nombres: demo.nombres,
      apellidos: demo.apellidos,
      email: claims.email ?? null,
      roles: (claims.realm_access as { roles: string[] }).roles,
    });
    expect(body.data.usuario.roles).toContain(demo.rol);

    const [stored] = await stack
      .app()
      .db.query<{ username: string; ultimo_acceso: Date | null }>(
        'SELECT username, ultimo_acceso FROM usuario WHERE sub = $1',
        [claims.sub],
      );
    expect(stored?.username).toBe(demo.username);
    expect(stored?.ultimo_acceso).toBeInstanceOf(Date);
  });

  it('updates the same usuario on the next sign-in instead of adding another', async () => {
    const first = await stack.idp().tokensFor('gestor');
    const second = await stack.idp().tokensFor('gestor');
    const get = (token: string) =>
      stack.app().inject({ method: 'GET', url: '/api/session/get', headers: { authorization: `Bearer ${token}` } });
    const a = (await get(first.access_token)).json();
    const b = (await get(second.access_token)).json();
    expect(b.data.usuario.id_usuario).toBe(a.data.usuario.id_usuario);
    const rows = await stack.app().db.query('SELECT 1 FROM usuario WHERE username = $1', ['gestor']);
    expect(rows).toHaveLength(1);
  });

  describe('usuario writes', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const get = (token: string) =>
      stack.app().inject({ method: 'GET', url: '/api/session/get', headers: { authorization: `Bearer ${token}` } });
    const stored = async (sub: string) => {
      const [row] = await stack
        .app()
        .db.query<{ apellidos: string; ultimo_acceso: Date }>(
          'SELECT apellidos, ultimo_acceso FROM usuario WHERE sub = $1',
          [sub],
        );
      return row!;
    };

    it('registers the same claims once, writes changed claims at once, and refreshes the access after a while', async () => {
      const { access_token } = await stack.idp().tokensFor('consulta');
      const sub = decodeJwt(access_token).sub!;
      expect((await get(access_token)).statusCode).toBe(200);
      const first = await stored(sub);

      expect((await get(access_token)).statusCode).toBe(200);
      expect((await stored(sub)).ultimo_acceso).toEqual(first.ultimo_acceso);

      const renamed = await resign(access_token, await stack.idp().signingKey(), (payload) => ({
        ...payload,
        family_name: 'Fernández Díaz de Vivar',
      }));
      const answer = await get(renamed);
      expect(answer.json().data.usuario.apellidos).toBe('Fernández Díaz de Vivar');
      const afterRename = await stored(sub);
      expect(afterRename.apellidos).toBe('Fernández Díaz de Vivar');
      expect(afterRename.ultimo_acceso.getTime()).toBeGreaterThan(first.ultimo_acceso.getTime());

      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_TTL_MS + 1 });
      expect((await get(renamed)).statusCode).toBe(200);
      expect((await stored(sub)).ultimo_acceso.getTime()).toBeGreaterThan(afterRename.ultimo_acceso.getTime());
    });
  });
});

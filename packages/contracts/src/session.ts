import { Type, type Static } from 'typebox';
import { ReadEnvelope } from './envelope';
import { CAPACIDAD } from './comunes';

export interface MenuItem {
  id: number;
  nom_mostrar: string;
  /** Route name: the item links to `/{nom_modulo}`. */
  nom_modulo: string;
  /** Name of an @ant-design/icons icon, e.g. `FolderOutlined`. */
  icon: string | null;
  children: MenuItem[];
}

const MenuItemSchema = Type.Cyclic(
  {
    MenuItem: Type.Object({
      id: Type.Integer(),
      nom_mostrar: Type.String(),
      nom_modulo: Type.String(),
      icon: Type.Union([Type.String(), Type.Null()]),
      children: Type.Array(Type.Ref('MenuItem'), { maxItems: CAPACIDAD.menu }),
    }),
  },
  'MenuItem',
);

const UsuarioSchema = Type.Object({
  id_usuario: Type.Integer(),
  /** The identity provider's `sub`. */
  sub: Type.String(),
  username: Type.String(),
  nombres: Type.String(),
  apellidos: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String(), { maxItems: CAPACIDAD.rolesPorPersona }),
});
export type Usuario = Static<typeof UsuarioSchema>;

export * from './session.rules';

const SessionDataSchema = Type.Object({
  menu: Type.Array(MenuItemSchema, { maxItems: CAPACIDAD.menu }),
  usuario: UsuarioSchema,
  permisos: Type.Array(Type.String(), { maxItems: CAPACIDAD.permisos }),
});
export type SessionData = { menu: MenuItem[]; usuario: Usuario; permisos: string[] };

export const SessionResponseSchema = ReadEnvelope(SessionDataSchema);

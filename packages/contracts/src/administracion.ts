import { Type, type Static } from 'typebox';
import { CAPACIDAD, FechaSchema, IdSchema, PAGINA_MAXIMA, UnidadReferenciaSchema } from './comunes';
import { ResponsableSchema } from './expedientes';
import { DIR3_PATTERN } from './eni.rules';
import {
  CODIGO_UNIDAD_PATTERN,
  ENTIDADES_AUDITORIA,
  DETALLE_DENEGACIONES,
  DIAS_DENEGACIONES,
  LIMITES_ADMINISTRACION,
  MOTIVOS_DENEGACION,
  ROL_PATTERN,
  type EntidadAuditoria,
  type MotivoDenegacion,
} from './administracion.rules';

export * from './administracion.rules';

// ── Unidades ───────────────────────────────────────────────────────────────────────────────────

/** A row of the tree (flat; `id_padre` nests it). */
export const UnidadSchema = Type.Object({
  id: Type.Integer(),
  codigo: Type.String(),
  /** Its DIR3 code (the ENI `Organo`), null while nobody has set it. */
  codigo_dir3: Type.Union([Type.String(), Type.Null()]),
  nombre: Type.String(),
  id_padre: Type.Union([Type.Integer(), Type.Null()]),
  activa: Type.Boolean(),
  /** Members (direct) and expedientes whose unidad responsable it is. */
  personas: Type.Integer(),
  expedientes: Type.Integer(),
});
export type Unidad = Static<typeof UnidadSchema>;

const CodigoUnidad = Type.String({ pattern: CODIGO_UNIDAD_PATTERN });
const CodigoDir3 = Type.Union([Type.String({ pattern: DIR3_PATTERN }), Type.Null()]);
const NombreUnidad = Type.String({
  minLength: LIMITES_ADMINISTRACION.nombreUnidadMin,
  maxLength: LIMITES_ADMINISTRACION.nombreUnidadMax,
});

export const CrearUnidadSchema = Type.Object(
  {
    codigo: CodigoUnidad,
    codigo_dir3: Type.Optional(CodigoDir3),
    nombre: NombreUnidad,
    id_padre: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CrearUnidad = Static<typeof CrearUnidadSchema>;

export const EditarUnidadSchema = Type.Object(
  {
    codigo: Type.Optional(CodigoUnidad),
    codigo_dir3: Type.Optional(CodigoDir3),
    nombre: Type.Optional(NombreUnidad),
    /** Moves it (with everything below it); null makes it a root. */
    id_padre: Type.Optional(Type.Union([IdSchema, Type.Null()])),
    activa: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type EditarUnidad = Static<typeof EditarUnidadSchema>;

// ── Personas ───────────────────────────────────────────────────────────────────────────────────

export const PersonaAdminSchema = Type.Object({
  id_usuario: Type.Integer(),
  username: Type.String(),
  nombre_completo: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  /** As the last token said; the identity provider assigns them. */
  roles: Type.Array(Type.String(), { maxItems: CAPACIDAD.rolesPorPersona }),
  unidades: Type.Array(UnidadReferenciaSchema, { maxItems: LIMITES_ADMINISTRACION.unidadesPorPersona }),
  /** ISO 8601; null: never signed in (known through a record only). */
  ultimo_acceso: Type.Union([Type.String(), Type.Null()]),
});
export type PersonaAdmin = Static<typeof PersonaAdminSchema>;

export const PersonasQuerySchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    unidad: Type.Optional(IdSchema),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGINA_MAXIMA })),
  },
  { additionalProperties: false },
);
export type PersonasQuery = Static<typeof PersonasQuerySchema>;

export const PersonasPaginaSchema = Type.Object({
  items: Type.Array(PersonaAdminSchema, { maxItems: LIMITES_ADMINISTRACION.personasPorPagina }),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** `proveedor_identidad`: membership follows the token's groups claim and is read-only here. */
  origen_unidades: Type.Union([Type.Literal('aplicacion'), Type.Literal('proveedor_identidad')]),
});
export type PersonasPagina = Static<typeof PersonasPaginaSchema>;

export const AsignarUnidadesSchema = Type.Object(
  { unidades: Type.Array(IdSchema, { maxItems: LIMITES_ADMINISTRACION.unidadesPorPersona, uniqueItems: true }) },
  { additionalProperties: false },
);
export type AsignarUnidades = Static<typeof AsignarUnidadesSchema>;

// ── Roles y permisos ───────────────────────────────────────────────────────────────────────────

const PermisoDescritoSchema = Type.Object({ codigo: Type.String(), descripcion: Type.String() });
export type PermisoDescrito = Static<typeof PermisoDescritoSchema>;

const RolAdminSchema = Type.Object({
  rol: Type.String(),
  descripcion: Type.String(),
  permisos: Type.Array(Type.String(), { maxItems: CAPACIDAD.permisos }),
  /** People whose last token carried this role. */
  personas: Type.Integer(),
  /** Permisos this role can never lose (the administrador keeps the power to give them back). */
  permisos_fijos: Type.Array(Type.String(), { maxItems: CAPACIDAD.permisos }),
  /** Every person of the realm carries it: its permisos are everybody's. */
  todo_el_dominio: Type.Boolean(),
});
export type RolAdmin = Static<typeof RolAdminSchema>;

/** A role seen in someone's last token that Administración has not declared: it grants nothing. */
const RolSinDeclararSchema = Type.Object({
  rol: Type.String(),
  personas: Type.Integer(),
  todo_el_dominio: Type.Boolean(),
});
export type RolSinDeclarar = Static<typeof RolSinDeclararSchema>;

export const RolesPermisosSchema = Type.Object({
  /** The declared roles: only these may be given permisos. */
  roles: Type.Array(RolAdminSchema, { maxItems: CAPACIDAD.roles }),
  permisos: Type.Array(PermisoDescritoSchema, { maxItems: CAPACIDAD.permisos }),
  sin_declarar: Type.Array(RolSinDeclararSchema, { maxItems: CAPACIDAD.roles }),
});
export type RolesPermisos = Static<typeof RolesPermisosSchema>;

export const DeclararRolSchema = Type.Object(
  {
    nombre: Type.String({ pattern: ROL_PATTERN }),
    descripcion: Type.String({
      minLength: LIMITES_ADMINISTRACION.descripcionRolMin,
      maxLength: LIMITES_ADMINISTRACION.descripcionRolMax,
    }),
    /** Required for a role every person of the realm carries. */
    confirmar_todo_el_dominio: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DeclararRol = Static<typeof DeclararRolSchema>;

export const AsignarPermisosSchema = Type.Object(
  { permisos: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200, uniqueItems: true }) },
  { additionalProperties: false },
);
export type AsignarPermisos = Static<typeof AsignarPermisosSchema>;

// ── Catálogos ──────────────────────────────────────────────────────────────────────────────────

export const EntradaCatalogoSchema = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  activo: Type.Boolean(),
  /** Records that use it: expedientes of a tipo, documents of a tipo documental. */
  en_uso: Type.Integer(),
  /** Its ENI code: the SIA code of a tipo de expediente, the TD code of a tipo documental; null if unset. */
  codigo_eni: Type.Union([Type.String(), Type.Null()]),
});
export type EntradaCatalogo = Static<typeof EntradaCatalogoSchema>;

const NombreCatalogo = Type.String({
  minLength: LIMITES_ADMINISTRACION.nombreCatalogoMin,
  maxLength: LIMITES_ADMINISTRACION.nombreCatalogoMax,
});

/** Checked against the catalogue's own pattern by the API (SIA_PATTERN or a TD code). */
const CodigoEni = Type.Union([Type.String({ maxLength: 30 }), Type.Null()]);

export const CrearEntradaCatalogoSchema = Type.Object(
  { nombre: NombreCatalogo, codigo_eni: Type.Optional(CodigoEni) },
  { additionalProperties: false },
);
export type CrearEntradaCatalogo = Static<typeof CrearEntradaCatalogoSchema>;

export const EditarEntradaCatalogoSchema = Type.Object(
  {
    nombre: Type.Optional(NombreCatalogo),
    activo: Type.Optional(Type.Boolean()),
    codigo_eni: Type.Optional(CodigoEni),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type EditarEntradaCatalogo = Static<typeof EditarEntradaCatalogoSchema>;

// ── Auditoría ──────────────────────────────────────────────────────────────────────────────────

const EntidadAuditoriaSchema = Type.Unsafe<EntidadAuditoria>(
  Type.Union(ENTIDADES_AUDITORIA.map((entidad) => Type.Literal(entidad))),
);

/** One field of a change as people read it: its name in Spanish and its values with ids resolved to names. */
const CampoAuditadoSchema = Type.Object({
  campo: Type.String(),
  /** Null when the field did not exist before (something created) or after (something removed). */
  antes: Type.Union([Type.String(), Type.Null()]),
  despues: Type.Union([Type.String(), Type.Null()]),
});
export type CampoAuditado = Static<typeof CampoAuditadoSchema>;

const RegistroAuditoriaSchema = Type.Object({
  id: Type.Integer(),
  fecha: Type.String(),
  /** Null when the identity provider made the change (membership by groups). */
  usuario: Type.Union([ResponsableSchema, Type.Null()]),
  accion: Type.String(),
  entidad: EntidadAuditoriaSchema,
  id_entidad: Type.String(),
  descripcion: Type.String(),
  /** As stored: codes and ids, for programs. */
  antes: Type.Unknown(),
  despues: Type.Unknown(),
  /** `antes` and `despues` for people, field by field, as they read them today. */
  detalle: Type.Array(CampoAuditadoSchema, { maxItems: LIMITES_ADMINISTRACION.camposAuditadosMax }),
});
export type RegistroAuditoria = Static<typeof RegistroAuditoriaSchema>;

export const AuditoriaQuerySchema = Type.Object(
  {
    entidad: Type.Optional(EntidadAuditoriaSchema),
    usuario: Type.Optional(IdSchema),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    desde: Type.Optional(FechaSchema),
    hasta: Type.Optional(FechaSchema),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGINA_MAXIMA })),
  },
  { additionalProperties: false },
);
export type AuditoriaQuery = Static<typeof AuditoriaQuerySchema>;

/** The CSV export takes the list's filters, without the page. */
export const AuditoriaExportQuerySchema = Type.Omit(AuditoriaQuerySchema, ['page'], { additionalProperties: false });
export type AuditoriaExportQuery = Static<typeof AuditoriaExportQuerySchema>;

export const AuditoriaPaginaSchema = Type.Object({
  items: Type.Array(RegistroAuditoriaSchema, { maxItems: LIMITES_ADMINISTRACION.auditoriaPorPagina }),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AuditoriaPagina = Static<typeof AuditoriaPaginaSchema>;

// ── Accesos denegados ──────────────────────────────────────────────────────────────────────────

export const DenegacionesQuerySchema = Type.Object(
  {
    /** The last this many days, today included (Europe/Madrid). */
    dias: Type.Optional(Type.Integer({ minimum: 1, maximum: DIAS_DENEGACIONES.maximo })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGINA_MAXIMA })),
  },
  { additionalProperties: false },
);
export type DenegacionesQuery = Static<typeof DenegacionesQuerySchema>;

/** The refusals of one person on one route, for one reason, on one day. */
const DenegacionSchema = Type.Object({
  dia: Type.String(),
  ruta: Type.String(),
  motivo: Type.Unsafe<MotivoDenegacion>(Type.Union(MOTIVOS_DENEGACION.map((motivo) => Type.Literal(motivo)))),
  veces: Type.Integer(),
  /** The first distinct ids refused that day (at most 20). */
  ids: Type.Array(Type.String(), { maxItems: DETALLE_DENEGACIONES.idsPorDia }),
  primera_en: Type.String(),
  ultima_en: Type.String(),
});
export type Denegacion = Static<typeof DenegacionSchema>;

/** What one person was refused in the period: totals by reason, and the latest rows. */
const DenegacionesPersonaSchema = Type.Object({
  persona: ResponsableSchema,
  veces: Type.Integer(),
  no_visible: Type.Integer(),
  no_existe: Type.Integer(),
  sin_gestion: Type.Integer(),
  dias: Type.Integer(),
  ultima_en: Type.String(),
  /** The newest 20 rows (day, route, reason). */
  detalle: Type.Array(DenegacionSchema, { maxItems: DETALLE_DENEGACIONES.filasPorPersona }),
});
export type DenegacionesPersona = Static<typeof DenegacionesPersonaSchema>;

export const DenegacionesPaginaSchema = Type.Object({
  /** People, the most refused first. */
  items: Type.Array(DenegacionesPersonaSchema, { maxItems: LIMITES_ADMINISTRACION.auditoriaPorPagina }),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** First day counted (`aaaa-mm-dd`). */
  desde: Type.String(),
});
export type DenegacionesPagina = Static<typeof DenegacionesPaginaSchema>;

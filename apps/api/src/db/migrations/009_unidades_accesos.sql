-- Organisation and access. Unidades form a tree and people belong to unidades. Who sees an
-- expediente is decided in one place (modules/expedientes/visibility.ts): the members of its unidad
-- or of a unidad above it, its responsable, and whoever holds a live acceso on it (a person, or the
-- members of a unidad granted it and of the unidades below that one). Administrative changes are
-- written to `auditoria`.

-- Unidades: a code (DIR3 where the office has one), a parent, and whether it still receives expedientes.
ALTER TABLE unidad
  ADD COLUMN codigo text,
  ADD COLUMN id_padre integer REFERENCES unidad (id),
  ADD COLUMN activa boolean NOT NULL DEFAULT true,
  ADD COLUMN creado_en timestamptz NOT NULL DEFAULT now();

UPDATE unidad SET codigo = 'U' || lpad(id::text, 5, '0');

ALTER TABLE unidad
  ALTER COLUMN codigo SET NOT NULL,
  ADD CONSTRAINT unidad_codigo_forma CHECK (codigo ~ '^[A-Z0-9][A-Z0-9._-]{0,31}$'),
  ADD CONSTRAINT unidad_nombre_largo CHECK (char_length(nombre) BETWEEN 2 AND 150),
  ADD CONSTRAINT unidad_no_es_su_padre CHECK (id_padre IS DISTINCT FROM id),
  DROP CONSTRAINT unidad_nombre_key;

CREATE UNIQUE INDEX unidad_codigo_idx ON unidad (codigo);
-- Two sections may share a name under different parents ("Sección de Licencias"), not under one.
CREATE UNIQUE INDEX unidad_nombre_hermanas_idx ON unidad (coalesce(id_padre, 0), lower(nombre));
CREATE INDEX unidad_id_padre_idx ON unidad (id_padre);

-- The tree stays a tree whatever writes it: a unidad may not hang below itself.
CREATE FUNCTION unidad_sin_ciclos() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.id_padre IS NOT NULL AND EXISTS (
    WITH RECURSIVE arriba(id) AS (
      SELECT NEW.id_padre
      UNION
      SELECT u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
    )
    SELECT 1 FROM arriba WHERE id = NEW.id
  ) THEN
    RAISE EXCEPTION 'Una unidad no puede depender de sí misma ni de una unidad que depende de ella'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'unidad_sin_ciclos';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER unidad_sin_ciclos
  BEFORE INSERT OR UPDATE OF id_padre ON unidad
  FOR EACH ROW EXECUTE FUNCTION unidad_sin_ciclos();

-- Unidades are never deleted: expedientes and historial keep pointing at them.
CREATE FUNCTION fila_no_se_borra() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'Las filas de % no se borran: se desactivan', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER unidad_no_se_borra
  BEFORE DELETE ON unidad
  FOR EACH ROW EXECUTE FUNCTION fila_no_se_borra();

-- Membership: a person belongs to zero or more unidades.
CREATE TABLE usuario_unidad (
  id_usuario integer NOT NULL REFERENCES usuario (id_usuario),
  id_unidad integer NOT NULL REFERENCES unidad (id),
  desde timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_usuario, id_unidad)
);
CREATE INDEX usuario_unidad_id_unidad_idx ON usuario_unidad (id_unidad);

-- Grants on one expediente to a person or to a unidad (and so to the unidades below it). A grant is
-- evidence: it is never deleted and only its revocation may be filled in, once.
CREATE TABLE acceso (
  id_acceso serial PRIMARY KEY,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  id_usuario integer REFERENCES usuario (id_usuario),
  id_unidad integer REFERENCES unidad (id),
  nivel text NOT NULL CHECK (nivel IN ('lectura', 'gestion')),
  -- Last day (Europe/Madrid) on which the grant holds; none: until revoked.
  hasta date,
  motivo text NOT NULL CHECK (char_length(motivo) BETWEEN 5 AND 500),
  concedido_por integer NOT NULL REFERENCES usuario (id_usuario),
  concedido_en timestamptz NOT NULL DEFAULT now(),
  revocado_por integer REFERENCES usuario (id_usuario),
  revocado_en timestamptz,
  CHECK ((id_usuario IS NULL) <> (id_unidad IS NULL)),
  CHECK ((revocado_por IS NULL) = (revocado_en IS NULL))
);
CREATE INDEX acceso_expediente_idx ON acceso (id_expediente, id_acceso);
CREATE INDEX acceso_usuario_vivo_idx ON acceso (id_usuario, id_expediente) WHERE revocado_en IS NULL;
CREATE INDEX acceso_unidad_vivo_idx ON acceso (id_unidad, id_expediente) WHERE revocado_en IS NULL;
CREATE INDEX acceso_concedido_por_idx ON acceso (concedido_por);
CREATE INDEX acceso_revocado_por_idx ON acceso (revocado_por);

CREATE FUNCTION acceso_inmutable() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'Los accesos no se borran: se revocan (% no permitido)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.revocado_en IS NOT NULL
     OR (NEW.id_acceso, NEW.id_expediente, NEW.id_usuario, NEW.id_unidad, NEW.nivel, NEW.hasta, NEW.motivo,
         NEW.concedido_por, NEW.concedido_en)
        IS DISTINCT FROM
        (OLD.id_acceso, OLD.id_expediente, OLD.id_usuario, OLD.id_unidad, OLD.nivel, OLD.hasta, OLD.motivo,
         OLD.concedido_por, OLD.concedido_en) THEN
    RAISE EXCEPTION 'Un acceso concedido solo admite su revocación, una vez'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER acceso_inmutable
  BEFORE UPDATE OR DELETE ON acceso
  FOR EACH ROW EXECUTE FUNCTION acceso_inmutable();

CREATE TRIGGER acceso_sin_truncate
  BEFORE TRUNCATE ON acceso
  FOR EACH STATEMENT EXECUTE FUNCTION acceso_inmutable();

-- New historial events: a transfer between unidades and the grants on the expediente.
ALTER TABLE historial DROP CONSTRAINT historial_evento_check;
ALTER TABLE historial ADD CONSTRAINT historial_evento_check CHECK (evento IN (
  'creacion', 'edicion', 'cambio_estado', 'consulta',
  'documento_subido', 'documento_descargado', 'documento_previsualizado', 'documento_anulado',
  'transferencia', 'acceso_concedido', 'acceso_revocado'
));

-- Catalogues: an entry in use is deactivated, never deleted.
ALTER TABLE tipo_expediente ADD COLUMN activo boolean NOT NULL DEFAULT true;
ALTER TABLE tipo_documental ADD COLUMN activo boolean NOT NULL DEFAULT true;

CREATE TRIGGER tipo_expediente_no_se_borra
  BEFORE DELETE ON tipo_expediente
  FOR EACH ROW EXECUTE FUNCTION fila_no_se_borra();

-- A tipo documental's name is part of the hash of every índice entry of that tipo (004): it may be
-- renamed only while no document uses it, and is never deleted.
CREATE OR REPLACE FUNCTION tipo_documental_nombre_fijo() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Los tipos documentales no se borran: se desactivan'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.nombre IS DISTINCT FROM OLD.nombre
     AND EXISTS (SELECT 1 FROM documento WHERE id_tipo_documental = OLD.id) THEN
    RAISE EXCEPTION 'El nombre de un tipo documental en uso no se puede cambiar (forma parte de la huella del índice)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

-- Every administrative change: who, when, what, before → after. Append-only, like the historial.
CREATE TABLE auditoria (
  id bigserial PRIMARY KEY,
  creado_en timestamptz NOT NULL DEFAULT now(),
  -- Null when the change came from the identity provider (membership by groups claim).
  id_usuario integer REFERENCES usuario (id_usuario),
  accion text NOT NULL,
  entidad text NOT NULL,
  id_entidad text NOT NULL,
  descripcion text NOT NULL,
  antes jsonb,
  despues jsonb
);
CREATE INDEX auditoria_creado_en_idx ON auditoria (creado_en DESC, id DESC);
CREATE INDEX auditoria_entidad_idx ON auditoria (entidad, id_entidad, id DESC);
CREATE INDEX auditoria_id_usuario_idx ON auditoria (id_usuario, id DESC);

CREATE FUNCTION auditoria_solo_anadir() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'La auditoría solo admite añadir registros (% no permitido)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER auditoria_solo_anadir
  BEFORE UPDATE OR DELETE ON auditoria
  FOR EACH ROW EXECUTE FUNCTION auditoria_solo_anadir();

CREATE TRIGGER auditoria_sin_truncate
  BEFORE TRUNCATE ON auditoria
  FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_anadir();

-- Permisos of the organisation. The administrador role gets them all; nobody else does.
INSERT INTO permiso (codigo, descripcion) VALUES
  ('expedientes.ver_todos', 'Ver todos los expedientes, de cualquier unidad'),
  ('administracion.unidades', 'Administrar las unidades'),
  ('administracion.usuarios', 'Administrar las personas y sus unidades'),
  ('administracion.roles', 'Administrar los permisos de cada rol'),
  ('administracion.catalogos', 'Administrar los catálogos'),
  ('administracion.auditoria', 'Consultar la auditoría');

INSERT INTO rol_permiso (rol, permiso)
SELECT 'administrador', codigo FROM permiso
WHERE codigo IN ('expedientes.ver_todos', 'administracion.unidades', 'administracion.usuarios',
                 'administracion.roles', 'administracion.catalogos', 'administracion.auditoria');

-- The administrador role can never lose the power to give permisos back (no lock-out), whatever writes.
CREATE FUNCTION rol_permiso_sin_bloqueo() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF OLD.rol = 'administrador' AND OLD.permiso = 'administracion.roles' THEN
    RAISE EXCEPTION 'El rol administrador no puede perder el permiso de administrar roles'
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'rol_permiso_sin_bloqueo';
  END IF;
  RETURN OLD;
END
$$;

CREATE TRIGGER rol_permiso_sin_bloqueo
  BEFORE DELETE ON rol_permiso
  FOR EACH ROW EXECUTE FUNCTION rol_permiso_sin_bloqueo();

-- The menu: «Administración» groups its screens; it shows when at least one of them does.
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
VALUES ('Administración', 'administracion', 'SettingOutlined', NULL, 90, NULL);

INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT hijo.nom_mostrar, hijo.nom_modulo, hijo.icon, padre.id, hijo.orden, hijo.permiso
FROM modulo padre,
     (VALUES ('Unidades', 'administracion/unidades', 'ApartmentOutlined', 10, 'administracion.unidades'),
             ('Personas', 'administracion/personas', 'TeamOutlined', 20, 'administracion.usuarios'),
             ('Roles y permisos', 'administracion/roles', 'SafetyCertificateOutlined', 30, 'administracion.roles'),
             ('Catálogos', 'administracion/catalogos', 'UnorderedListOutlined', 40, 'administracion.catalogos'),
             ('Auditoría', 'administracion/auditoria', 'AuditOutlined', 50, 'administracion.auditoria'))
       AS hijo (nom_mostrar, nom_modulo, icon, orden, permiso)
WHERE padre.nom_modulo = 'administracion';

-- Visibility at a million expedientes reads `id_unidad = ANY(…)`: with ~200 unidades a full
-- most-common-values list gives the planner each unidad's real share.
ALTER TABLE expediente ALTER COLUMN id_unidad SET STATISTICS 1000;

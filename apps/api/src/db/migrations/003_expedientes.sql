-- Expedientes, their catalogues, per-year numbering and the append-only historial.

CREATE TABLE tipo_expediente (
  id serial PRIMARY KEY,
  nombre text NOT NULL UNIQUE,
  orden integer NOT NULL DEFAULT 0
);

INSERT INTO tipo_expediente (nombre, orden) VALUES
  ('Solicitud', 10),
  ('Queja o reclamo', 20),
  ('Licencia', 30),
  ('Contrato', 40),
  ('Recurso', 50),
  ('Otro', 90);

CREATE TABLE unidad (
  id serial PRIMARY KEY,
  nombre text NOT NULL UNIQUE
);

INSERT INTO unidad (nombre) VALUES
  ('Secretaría General'),
  ('Registro General'),
  ('Asesoría Jurídica'),
  ('Urbanismo'),
  ('Hacienda'),
  ('Atención Ciudadana'),
  ('Contratación'),
  ('Recursos Humanos');

-- One row per year; `ultimo` is taken with INSERT … ON CONFLICT … RETURNING inside the transaction
-- that inserts the expediente, so a rolled-back creation gives its number back and concurrent
-- creations queue on the row lock.
CREATE TABLE expediente_contador (
  anio integer PRIMARY KEY,
  ultimo integer NOT NULL CHECK (ultimo >= 0)
);

-- unaccent() is only STABLE (it reads its dictionary through search_path); naming the dictionary
-- and schema makes the result fixed, which generated columns and indexes require.
CREATE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE expediente (
  id_expediente serial PRIMARY KEY,
  numero text NOT NULL UNIQUE CHECK (numero ~ '^EXP-[0-9]{4}-[0-9]{6}$'),
  asunto text NOT NULL CHECK (char_length(asunto) BETWEEN 5 AND 300),
  descripcion text CHECK (char_length(descripcion) <= 5000),
  id_tipo integer NOT NULL REFERENCES tipo_expediente (id),
  id_unidad integer NOT NULL REFERENCES unidad (id),
  interesado_nombre text CHECK (char_length(interesado_nombre) <= 200),
  interesado_documento text CHECK (char_length(interesado_documento) <= 20),
  id_responsable integer REFERENCES usuario (id_usuario),
  estado text NOT NULL DEFAULT 'abierto' CHECK (estado IN ('abierto', 'en_tramite', 'cerrado', 'archivado')),
  fecha_apertura timestamptz NOT NULL DEFAULT now(),
  fecha_cierre timestamptz,
  creado_por integer NOT NULL REFERENCES usuario (id_usuario),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  -- Sorting by estado follows the life cycle, not the alphabet.
  estado_orden smallint GENERATED ALWAYS AS (
    CASE estado WHEN 'abierto' THEN 1 WHEN 'en_tramite' THEN 2 WHEN 'cerrado' THEN 3 ELSE 4 END
  ) STORED,
  busqueda text GENERATED ALWAYS AS (
    lower(f_unaccent(
      numero || ' ' || asunto || ' ' || coalesce(interesado_nombre, '') || ' ' || coalesce(interesado_documento, '')
    ))
  ) STORED
);

CREATE INDEX expediente_busqueda_trgm_idx ON expediente USING gin (busqueda gin_trgm_ops);
CREATE INDEX expediente_fecha_apertura_idx ON expediente (fecha_apertura DESC, id_expediente DESC);
CREATE INDEX expediente_estado_orden_idx ON expediente (estado_orden, id_expediente);
CREATE INDEX expediente_asunto_idx ON expediente (asunto, id_expediente);
CREATE INDEX expediente_estado_idx ON expediente (estado, fecha_apertura DESC, id_expediente DESC);
CREATE INDEX expediente_id_tipo_idx ON expediente (id_tipo, fecha_apertura DESC, id_expediente DESC);
CREATE INDEX expediente_id_unidad_idx ON expediente (id_unidad, fecha_apertura DESC, id_expediente DESC);
CREATE INDEX expediente_id_responsable_idx ON expediente (id_responsable, fecha_apertura DESC, id_expediente DESC);
CREATE INDEX expediente_creado_por_idx ON expediente (creado_por);

CREATE TABLE historial (
  id bigserial PRIMARY KEY,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  id_usuario integer NOT NULL REFERENCES usuario (id_usuario),
  evento text NOT NULL CHECK (evento IN (
    'creacion', 'edicion', 'cambio_estado', 'consulta',
    'documento_subido', 'documento_descargado', 'documento_previsualizado', 'documento_anulado'
  )),
  descripcion text NOT NULL,
  cambios jsonb NOT NULL DEFAULT '[]'::jsonb,
  motivo text,
  creado_en timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX historial_expediente_idx ON historial (id_expediente, id DESC);
CREATE INDEX historial_id_usuario_idx ON historial (id_usuario);

-- The historial is evidence: no route changes it, and neither may anyone with SQL access by mistake.
CREATE FUNCTION historial_solo_anadir() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'El historial solo admite añadir eventos (% no permitido)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER historial_solo_anadir
  BEFORE UPDATE OR DELETE ON historial
  FOR EACH ROW EXECUTE FUNCTION historial_solo_anadir();

CREATE TRIGGER historial_sin_truncate
  BEFORE TRUNCATE ON historial
  FOR EACH STATEMENT EXECUTE FUNCTION historial_solo_anadir();

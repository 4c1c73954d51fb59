-- Documents of an expediente and the índice electrónico they form: each entry carries the hash of
-- the previous one (hash chain). The chained fields never change and no row is ever deleted; an
-- anulación only fills the anulación columns (it is outside the chain and recorded in historial).

CREATE TABLE tipo_documental (
  id serial PRIMARY KEY,
  nombre text NOT NULL UNIQUE,
  orden integer NOT NULL DEFAULT 0
);

INSERT INTO tipo_documental (nombre, orden) VALUES
  ('Solicitud', 10),
  ('Informe', 20),
  ('Resolución', 30),
  ('Notificación', 40),
  ('Anexo', 50),
  ('Otro', 90);

CREATE TABLE documento (
  id_documento serial PRIMARY KEY,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  -- Folio within the expediente: 1, 2, 3… taken under the expediente's row lock.
  orden integer NOT NULL CHECK (orden >= 1),
  nombre text NOT NULL CHECK (char_length(nombre) BETWEEN 1 AND 200),
  id_tipo_documental integer NOT NULL REFERENCES tipo_documental (id),
  fecha_incorporacion timestamptz NOT NULL,
  tamano bigint NOT NULL CHECK (tamano > 0),
  formato text NOT NULL,
  mime text NOT NULL,
  huella char(64) NOT NULL CHECK (huella ~ '^[0-9a-f]{64}$'),
  funcion_resumen text NOT NULL DEFAULT 'SHA-256' CHECK (funcion_resumen = 'SHA-256'),
  -- Where the bytes are (server-generated); the client's filename is only `nombre`.
  clave_almacen uuid NOT NULL UNIQUE,
  hash_anterior char(64) CHECK (hash_anterior ~ '^[0-9a-f]{64}$'),
  hash_entrada char(64) NOT NULL CHECK (hash_entrada ~ '^[0-9a-f]{64}$'),
  subido_por integer NOT NULL REFERENCES usuario (id_usuario),
  anulado boolean NOT NULL DEFAULT false,
  motivo_anulacion text CHECK (char_length(motivo_anulacion) <= 1000),
  fecha_anulacion timestamptz,
  anulado_por integer REFERENCES usuario (id_usuario),
  UNIQUE (id_expediente, orden),
  CHECK ((orden = 1) = (hash_anterior IS NULL)),
  CHECK (anulado = (fecha_anulacion IS NOT NULL AND anulado_por IS NOT NULL AND motivo_anulacion IS NOT NULL))
);

-- "Is this file already here (or elsewhere)?" is asked on every upload.
CREATE INDEX documento_huella_idx ON documento (huella);
CREATE INDEX documento_subido_por_idx ON documento (subido_por);
CREATE INDEX documento_anulado_por_idx ON documento (anulado_por);
CREATE INDEX documento_id_tipo_documental_idx ON documento (id_tipo_documental);

-- The índice is evidence: only the anulación columns may change, once; nothing is deleted.
CREATE FUNCTION documento_inmutable() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'Los documentos no se borran: se anulan (% no permitido)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.id_documento, NEW.id_expediente, NEW.orden, NEW.nombre, NEW.id_tipo_documental,
      NEW.fecha_incorporacion, NEW.tamano, NEW.formato, NEW.mime, NEW.huella, NEW.funcion_resumen,
      NEW.clave_almacen, NEW.hash_anterior, NEW.hash_entrada, NEW.subido_por)
     IS DISTINCT FROM
     (OLD.id_documento, OLD.id_expediente, OLD.orden, OLD.nombre, OLD.id_tipo_documental,
      OLD.fecha_incorporacion, OLD.tamano, OLD.formato, OLD.mime, OLD.huella, OLD.funcion_resumen,
      OLD.clave_almacen, OLD.hash_anterior, OLD.hash_entrada, OLD.subido_por) THEN
    RAISE EXCEPTION 'Los datos de un documento del índice no se pueden modificar'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.anulado THEN
    RAISE EXCEPTION 'Un documento anulado no se puede modificar'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER documento_inmutable
  BEFORE UPDATE OR DELETE ON documento
  FOR EACH ROW EXECUTE FUNCTION documento_inmutable();

CREATE TRIGGER documento_sin_truncate
  BEFORE TRUNCATE ON documento
  FOR EACH STATEMENT EXECUTE FUNCTION documento_inmutable();

-- Each entry's hash covers its tipo documental by name: renaming one would break every chain.
CREATE FUNCTION tipo_documental_nombre_fijo() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.nombre IS DISTINCT FROM OLD.nombre THEN
    RAISE EXCEPTION 'El nombre de un tipo documental no se puede cambiar ni borrar (forma parte de la huella del índice)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER tipo_documental_nombre_fijo
  BEFORE UPDATE OR DELETE ON tipo_documental
  FOR EACH ROW EXECUTE FUNCTION tipo_documental_nombre_fijo();

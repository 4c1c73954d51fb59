-- Retention and disposal (decisions 0395–0397): the cuadro de clasificación (series documentales)
-- with its retention rules, legal holds on expedientes, and the actas de eliminación that authorise
-- destroying the documents' bytes. What existed and why it was destroyed is never lost: the
-- documento rows (índice, huellas, chain), the historial and the acta stay.

-- The cuadro de clasificación. A rule is «conservación permanente» (no years) or «eliminación» after
-- a number of years since the expediente was closed; none (both null): never pending.
CREATE TABLE serie_documental (
  id serial PRIMARY KEY,
  codigo text NOT NULL UNIQUE CHECK (codigo ~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,29}$'),
  nombre text NOT NULL CHECK (char_length(nombre) BETWEEN 1 AND 200),
  activo boolean NOT NULL DEFAULT true,
  retencion_anios integer CHECK (retencion_anios BETWEEN 0 AND 200),
  disposicion text CHECK (disposicion IN ('conservacion_permanente', 'eliminacion')),
  CONSTRAINT serie_documental_regla CHECK (
    (disposicion IS NULL AND retencion_anios IS NULL)
    OR (disposicion = 'conservacion_permanente' AND retencion_anios IS NULL)
    OR (disposicion = 'eliminacion' AND retencion_anios IS NOT NULL))
);

-- A tipo belongs to a serie (or to none: the tipos of before keep working) and may carry its own
-- rule, which overrides the serie's.
ALTER TABLE tipo_expediente
  ADD COLUMN id_serie integer REFERENCES serie_documental (id),
  ADD COLUMN retencion_anios integer CHECK (retencion_anios BETWEEN 0 AND 200),
  ADD COLUMN disposicion text CHECK (disposicion IN ('conservacion_permanente', 'eliminacion')),
  ADD CONSTRAINT tipo_expediente_regla CHECK (
    (disposicion IS NULL AND retencion_anios IS NULL)
    OR (disposicion = 'conservacion_permanente' AND retencion_anios IS NULL)
    OR (disposicion = 'eliminacion' AND retencion_anios IS NOT NULL));
CREATE INDEX tipo_expediente_id_serie_idx ON tipo_expediente (id_serie);

-- A legal hold: while one is active (not lifted) the expediente cannot be disposed of. Evidence:
-- set once, lifted once (the columns of the lifting are the only ones the API may fill).
CREATE TABLE retencion_legal (
  id serial PRIMARY KEY,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  motivo text NOT NULL CHECK (char_length(motivo) BETWEEN 1 AND 1000),
  puesta_por integer NOT NULL REFERENCES usuario (id_usuario),
  puesta_en timestamptz NOT NULL DEFAULT now(),
  levantada_en timestamptz,
  levantada_por integer REFERENCES usuario (id_usuario),
  motivo_levantamiento text CHECK (char_length(motivo_levantamiento) BETWEEN 1 AND 1000),
  CHECK ((levantada_en IS NULL) = (levantada_por IS NULL)),
  CHECK ((levantada_en IS NULL) = (motivo_levantamiento IS NULL))
);
-- One active hold per expediente.
CREATE UNIQUE INDEX retencion_legal_activa_idx ON retencion_legal (id_expediente) WHERE levantada_en IS NULL;
CREATE INDEX retencion_legal_expediente_idx ON retencion_legal (id_expediente, id);
CREATE INDEX retencion_legal_puesta_por_idx ON retencion_legal (puesta_por);
CREATE INDEX retencion_legal_levantada_por_idx ON retencion_legal (levantada_por);
INSERT INTO privilegio_api (tabla, insertar, actualizar)
VALUES ('retencion_legal', true, '{levantada_en, levantada_por, motivo_levantamiento}');

-- An acta de eliminación: drafted (borrador) listing expedientes, approved with a motivo by someone
-- with 'retencion.aprobar_eliminacion' (aprobada: the documents are marked destroyed in that same
-- transaction), then ejecutada once their bytes are gone from the storage. An approved acta whose
-- instance stopped before deleting the bytes is finished at the next start (decision 0396).
CREATE TABLE acta_eliminacion (
  id serial PRIMARY KEY,
  numero text GENERATED ALWAYS AS ('AE-' || lpad(id::text, 6, '0')) STORED UNIQUE,
  motivo text NOT NULL CHECK (char_length(motivo) BETWEEN 1 AND 2000),
  estado text NOT NULL DEFAULT 'borrador' CHECK (estado IN ('borrador', 'aprobada', 'ejecutada')),
  creada_por integer NOT NULL REFERENCES usuario (id_usuario),
  creada_en timestamptz NOT NULL DEFAULT now(),
  aprobada_por integer REFERENCES usuario (id_usuario),
  aprobada_en timestamptz,
  motivo_aprobacion text CHECK (char_length(motivo_aprobacion) BETWEEN 1 AND 2000),
  ejecutada_en timestamptz,
  -- The acta as approved, signed with the institution's seal (PAdES), kept as signed.
  pdf bytea,
  CHECK ((estado = 'borrador') = (aprobada_en IS NULL)),
  CHECK ((aprobada_en IS NULL) = (aprobada_por IS NULL)),
  CHECK ((aprobada_en IS NULL) = (motivo_aprobacion IS NULL)),
  CHECK ((aprobada_en IS NULL) = (pdf IS NULL)),
  CHECK ((estado = 'ejecutada') = (ejecutada_en IS NOT NULL))
);
CREATE INDEX acta_eliminacion_creada_por_idx ON acta_eliminacion (creada_por);
CREATE INDEX acta_eliminacion_aprobada_por_idx ON acta_eliminacion (aprobada_por);
CREATE INDEX acta_eliminacion_estado_idx ON acta_eliminacion (estado) WHERE estado = 'aprobada';

-- The expedientes an acta lists, with what they were when it was approved (kept with the acta).
CREATE TABLE acta_eliminacion_expediente (
  id_acta integer NOT NULL REFERENCES acta_eliminacion (id) ON DELETE CASCADE,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  documentos integer CHECK (documentos >= 0),
  bytes bigint CHECK (bytes >= 0),
  PRIMARY KEY (id_acta, id_expediente)
);
CREATE INDEX acta_eliminacion_expediente_idx ON acta_eliminacion_expediente (id_expediente);

-- An approved acta is evidence: only its execution is recorded afterwards; nothing is deleted, and
-- the expedientes it lists no longer change. A draft may be edited or discarded.
CREATE FUNCTION acta_eliminacion_inmutable() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'Las actas de eliminación no se borran' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.estado = 'borrador' THEN
    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' OR OLD.estado = 'ejecutada' OR NEW.estado <> 'ejecutada'
     OR (NEW.motivo, NEW.creada_por, NEW.creada_en, NEW.aprobada_por, NEW.aprobada_en, NEW.motivo_aprobacion, NEW.pdf)
        IS DISTINCT FROM
        (OLD.motivo, OLD.creada_por, OLD.creada_en, OLD.aprobada_por, OLD.aprobada_en, OLD.motivo_aprobacion, OLD.pdf) THEN
    RAISE EXCEPTION 'Un acta de eliminación aprobada no se modifica ni se borra (% no permitido)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER acta_eliminacion_inmutable
  BEFORE UPDATE OR DELETE ON acta_eliminacion
  FOR EACH ROW EXECUTE FUNCTION acta_eliminacion_inmutable();
CREATE TRIGGER acta_eliminacion_sin_truncate
  BEFORE TRUNCATE ON acta_eliminacion
  FOR EACH STATEMENT EXECUTE FUNCTION acta_eliminacion_inmutable();

CREATE FUNCTION acta_eliminacion_expediente_fija() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  acta integer := CASE TG_OP WHEN 'DELETE' THEN OLD.id_acta ELSE NEW.id_acta END;
BEGIN
  IF EXISTS (SELECT 1 FROM acta_eliminacion a WHERE a.id = acta AND a.estado <> 'borrador') THEN
    RAISE EXCEPTION 'Los expedientes de un acta de eliminación aprobada no cambian (% no permitido)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END
$$;
CREATE TRIGGER acta_eliminacion_expediente_fija
  BEFORE INSERT OR UPDATE OR DELETE ON acta_eliminacion_expediente
  FOR EACH ROW EXECUTE FUNCTION acta_eliminacion_expediente_fija();

-- A document whose bytes were destroyed by an acta: its row (índice entry, huella, chain) stays.
ALTER TABLE documento
  ADD COLUMN destruido_en timestamptz,
  ADD COLUMN id_acta_eliminacion integer REFERENCES acta_eliminacion (id),
  ADD CONSTRAINT documento_destruido_con_acta CHECK ((destruido_en IS NULL) = (id_acta_eliminacion IS NULL));
CREATE INDEX documento_id_acta_eliminacion_idx ON documento (id_acta_eliminacion) WHERE id_acta_eliminacion IS NOT NULL;

UPDATE privilegio_api
SET actualizar = '{anulado, motivo_anulacion, fecha_anulacion, anulado_por, destruido_en, id_acta_eliminacion}'
WHERE tabla = 'documento';

-- The índice is evidence: besides the anulación (once), only the destruction of the bytes may be
-- recorded (once, anulados too); nothing is deleted.
CREATE OR REPLACE FUNCTION documento_inmutable() RETURNS trigger
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
  IF OLD.destruido_en IS NOT NULL THEN
    RAISE EXCEPTION 'Un documento eliminado por un acta no se puede modificar'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.anulado AND (NEW.anulado, NEW.motivo_anulacion, NEW.fecha_anulacion, NEW.anulado_por)
     IS DISTINCT FROM (OLD.anulado, OLD.motivo_anulacion, OLD.fecha_anulacion, OLD.anulado_por) THEN
    RAISE EXCEPTION 'Un documento anulado no se puede modificar'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

-- Three events of the historial, the check widened from the list it holds now (as 037 does).
DO $$
DECLARE
  actual text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO actual
  FROM pg_constraint WHERE conrelid = 'historial'::regclass AND conname = 'historial_evento_check';
  IF actual IS NULL OR position('ARRAY[' IN actual) = 0 THEN
    RAISE EXCEPTION 'historial_evento_check no tiene la forma esperada: %', actual;
  END IF;
  ALTER TABLE historial DROP CONSTRAINT historial_evento_check;
  EXECUTE 'ALTER TABLE historial ADD CONSTRAINT historial_evento_check '
    || replace(actual, 'ARRAY[', 'ARRAY[''retencion_legal_puesta''::text, ''retencion_legal_levantada''::text, ''eliminacion_documentos''::text, ');
END
$$;

INSERT INTO permiso (codigo, descripcion) VALUES
  ('retencion.gestionar', 'Gestionar el cuadro de clasificación, las reglas de conservación, las retenciones legales y los borradores de actas de eliminación'),
  ('retencion.aprobar_eliminacion', 'Aprobar actas de eliminación y destruir los documentos que listan');
INSERT INTO rol_permiso (rol, permiso)
SELECT nombre, permiso FROM rol, (VALUES ('retencion.gestionar'), ('retencion.aprobar_eliminacion')) AS p (permiso)
WHERE nombre = 'administrador';

-- Its two screens, in the administration group, after the integridad (030).
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Cuadro de clasificación', 'administracion/cuadro-clasificacion', 'ClusterOutlined', id, 85,
       'retencion.gestionar'
FROM modulo WHERE nom_modulo = 'administracion';
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Eliminación', 'administracion/eliminacion', 'DeleteOutlined', id, 86, 'retencion.gestionar'
FROM modulo WHERE nom_modulo = 'administracion';

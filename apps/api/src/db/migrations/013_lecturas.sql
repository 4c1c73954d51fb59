-- Reads of an expediente (its detail, a document downloaded or previewed) are counted: one row per
-- person, expediente, document, kind of read and day (Europe/Madrid), with how many times and the
-- first and last time. A reader can no longer add a historial row per request; the historial keeps
-- the changes, one row each, as before.
CREATE TABLE lectura (
  id bigserial PRIMARY KEY,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  -- Null for a consulta of the expediente itself.
  id_documento integer REFERENCES documento (id_documento),
  id_usuario integer NOT NULL REFERENCES usuario (id_usuario),
  evento text NOT NULL CHECK (evento IN ('consulta', 'documento_descargado', 'documento_previsualizado')),
  dia date NOT NULL,
  veces integer NOT NULL DEFAULT 1 CHECK (veces >= 1),
  primera timestamptz NOT NULL DEFAULT now(),
  ultima timestamptz NOT NULL DEFAULT now(),
  CHECK ((evento = 'consulta') = (id_documento IS NULL)),
  CHECK (ultima >= primera),
  CONSTRAINT lectura_una_al_dia UNIQUE NULLS NOT DISTINCT (id_expediente, id_usuario, dia, evento, id_documento)
);

-- The Historial tab, newest first.
CREATE INDEX lectura_expediente_idx ON lectura (id_expediente, primera DESC, id DESC);
CREATE INDEX lectura_id_usuario_idx ON lectura (id_usuario);
CREATE INDEX lectura_id_documento_idx ON lectura (id_documento) WHERE id_documento IS NOT NULL;
-- "Descargas hoy".
CREATE INDEX lectura_descargas_idx ON lectura (dia) WHERE evento = 'documento_descargado';

-- Evidence like the historial: a count only grows and its last time only moves forward; nothing
-- else changes and nothing is deleted.
CREATE FUNCTION lectura_solo_suma() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.id, NEW.id_expediente, NEW.id_documento, NEW.id_usuario, NEW.evento, NEW.dia, NEW.primera)
         IS NOT DISTINCT FROM (OLD.id, OLD.id_expediente, OLD.id_documento, OLD.id_usuario, OLD.evento, OLD.dia, OLD.primera)
       AND NEW.veces >= OLD.veces AND NEW.ultima >= OLD.ultima THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'Las lecturas solo se cuentan (% no permitido)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER lectura_solo_suma
  BEFORE UPDATE OR DELETE ON lectura
  FOR EACH ROW EXECUTE FUNCTION lectura_solo_suma();

CREATE TRIGGER lectura_sin_truncate
  BEFORE TRUNCATE ON lectura
  FOR EACH STATEMENT EXECUTE FUNCTION lectura_solo_suma();

-- The reads recorded so far, counted the same way. Their historial rows stay (the historial is
-- append-only) but are no longer read: the Historial tab takes reads from here.
INSERT INTO lectura (id_expediente, id_documento, id_usuario, evento, dia, veces, primera, ultima)
SELECT h.id_expediente, d.id_documento, h.id_usuario, h.evento,
       (h.creado_en AT TIME ZONE 'Europe/Madrid')::date, count(*), min(h.creado_en), max(h.creado_en)
FROM historial h
LEFT JOIN documento d
  ON h.evento <> 'consulta'
 AND d.id_expediente = h.id_expediente
 AND d.orden = substring(h.descripcion FROM 'nº ([0-9]+)')::integer
WHERE h.evento IN ('consulta', 'documento_descargado', 'documento_previsualizado')
  AND (h.evento = 'consulta' OR d.id_documento IS NOT NULL)
GROUP BY 1, 2, 3, 4, 5;

-- New reads go to `lectura` only; the rows already in the historial stay valid (NOT VALID).
ALTER TABLE historial ADD CONSTRAINT historial_sin_lecturas
  CHECK (evento NOT IN ('consulta', 'documento_descargado', 'documento_previsualizado')) NOT VALID;

-- The Historial tab pages the changes by time, newest first, skipping the old reads.
CREATE INDEX historial_cambios_idx ON historial (id_expediente, creado_en DESC, id DESC)
  WHERE evento NOT IN ('consulta', 'documento_descargado', 'documento_previsualizado');
-- "Descargas hoy" reads `lectura` now.
DROP INDEX historial_descargas_idx;

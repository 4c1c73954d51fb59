-- Inicio and notifications: maintained counters, the indexes each Inicio block reads, who each
-- historial event notifies, and how far each usuario has seen their notifications.

-- Counts that would otherwise scan a million rows, kept by the triggers below. Each key is spread
-- over 8 parts so concurrent writers seldom wait on the same row; readers add the parts up.
-- Keys: `estado:<estado>`, `apertura:<YYYY-MM>`, `cierre:<YYYY-MM>` (months in Europe/Madrid) and
-- `tipo_documental:<id>` (documents not anulados).
CREATE TABLE cifra (
  clave text NOT NULL,
  parte smallint NOT NULL CHECK (parte BETWEEN 0 AND 7),
  total bigint NOT NULL,
  PRIMARY KEY (clave, parte)
);

CREATE FUNCTION claves_expediente(estado text, fecha_apertura timestamptz, fecha_cierre timestamptz)
  RETURNS text[] LANGUAGE sql STABLE
  AS $$
    SELECT array_remove(ARRAY[
      'estado:' || estado,
      'apertura:' || to_char(fecha_apertura AT TIME ZONE 'Europe/Madrid', 'YYYY-MM'),
      CASE WHEN fecha_cierre IS NOT NULL
        THEN 'cierre:' || to_char(fecha_cierre AT TIME ZONE 'Europe/Madrid', 'YYYY-MM') END
    ], NULL)
  $$;

CREATE FUNCTION claves_documento(id_tipo_documental integer, anulado boolean)
  RETURNS text[] LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE WHEN anulado THEN ARRAY[]::text[] ELSE ARRAY['tipo_documental:' || id_tipo_documental] END $$;

-- Statement-level, from the transition tables: a bulk insert (the demo generator) costs one
-- upsert per key, not one per row.
CREATE FUNCTION cifra_expediente() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cifra (clave, parte, total)
    SELECT clave, floor(random() * 8)::smallint, count(*)
    FROM nuevos, unnest(claves_expediente(nuevos.estado, nuevos.fecha_apertura, nuevos.fecha_cierre)) AS clave
    GROUP BY clave
    ON CONFLICT (clave, parte) DO UPDATE SET total = cifra.total + EXCLUDED.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO cifra (clave, parte, total)
    SELECT clave, floor(random() * 8)::smallint, sum(delta)
    FROM (
      SELECT clave, 1 AS delta
      FROM nuevos, unnest(claves_expediente(nuevos.estado, nuevos.fecha_apertura, nuevos.fecha_cierre)) AS clave
      UNION ALL
      SELECT clave, -1
      FROM antes, unnest(claves_expediente(antes.estado, antes.fecha_apertura, antes.fecha_cierre)) AS clave
    ) AS cambios
    GROUP BY clave
    HAVING sum(delta) <> 0
    ON CONFLICT (clave, parte) DO UPDATE SET total = cifra.total + EXCLUDED.total;
  ELSE
    INSERT INTO cifra (clave, parte, total)
    SELECT clave, floor(random() * 8)::smallint, -count(*)
    FROM antes, unnest(claves_expediente(antes.estado, antes.fecha_apertura, antes.fecha_cierre)) AS clave
    GROUP BY clave
    ON CONFLICT (clave, parte) DO UPDATE SET total = cifra.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER expediente_cifra_insert AFTER INSERT ON expediente
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION cifra_expediente();
CREATE TRIGGER expediente_cifra_update AFTER UPDATE ON expediente
  REFERENCING OLD TABLE AS antes NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION cifra_expediente();
CREATE TRIGGER expediente_cifra_delete AFTER DELETE ON expediente
  REFERENCING OLD TABLE AS antes FOR EACH STATEMENT EXECUTE FUNCTION cifra_expediente();

-- Documents are never deleted (004); an anulación takes the document out of its tipo's count.
CREATE FUNCTION cifra_documento() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cifra (clave, parte, total)
    SELECT clave, floor(random() * 8)::smallint, count(*)
    FROM nuevos, unnest(claves_documento(nuevos.id_tipo_documental, nuevos.anulado)) AS clave
    GROUP BY clave
    ON CONFLICT (clave, parte) DO UPDATE SET total = cifra.total + EXCLUDED.total;
  ELSE
    INSERT INTO cifra (clave, parte, total)
    SELECT clave, floor(random() * 8)::smallint, sum(delta)
    FROM (
      SELECT clave, 1 AS delta
      FROM nuevos, unnest(claves_documento(nuevos.id_tipo_documental, nuevos.anulado)) AS clave
      UNION ALL
      SELECT clave, -1
      FROM antes, unnest(claves_documento(antes.id_tipo_documental, antes.anulado)) AS clave
    ) AS cambios
    GROUP BY clave
    HAVING sum(delta) <> 0
    ON CONFLICT (clave, parte) DO UPDATE SET total = cifra.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER documento_cifra_insert AFTER INSERT ON documento
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION cifra_documento();
CREATE TRIGGER documento_cifra_update AFTER UPDATE ON documento
  REFERENCING OLD TABLE AS antes NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION cifra_documento();

-- The rows that exist before this migration.
INSERT INTO cifra (clave, parte, total)
SELECT clave, 0, count(*)
FROM expediente e, unnest(claves_expediente(e.estado, e.fecha_apertura, e.fecha_cierre)) AS clave
GROUP BY clave;

INSERT INTO cifra (clave, parte, total)
SELECT clave, 0, count(*)
FROM documento d, unnest(claves_documento(d.id_tipo_documental, d.anulado)) AS clave
GROUP BY clave;

-- "Mis expedientes": the caller's open ones, oldest first.
CREATE INDEX expediente_responsable_activos_idx ON expediente (id_responsable, fecha_apertura, id_expediente)
  WHERE estado IN ('abierto', 'en_tramite');
-- "Cerrados este mes" when the counters cannot answer (narrowed visibility).
CREATE INDEX expediente_fecha_cierre_idx ON expediente (fecha_cierre) WHERE fecha_cierre IS NOT NULL;
-- "Documentos hoy" (index-only when every expediente is visible).
CREATE INDEX documento_hoy_idx ON documento (fecha_incorporacion) WHERE NOT anulado;
-- "Actividad reciente": what people did, not what they read.
CREATE INDEX historial_actividad_idx ON historial (creado_en DESC, id DESC)
  WHERE evento NOT IN ('consulta', 'documento_descargado', 'documento_previsualizado');
-- "Descargas hoy".
CREATE INDEX historial_descargas_idx ON historial (creado_en) WHERE evento = 'documento_descargado';

-- Who an event concerns besides its author: the responsable of an expediente created or handed
-- to them, or receiving a document, by someone else. Filled at insert from the expediente as it is
-- then, so the notification stays true after later reassignments.
ALTER TABLE historial ADD COLUMN id_notificado integer REFERENCES usuario (id_usuario);

CREATE FUNCTION historial_notificado() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  responsable integer;
BEGIN
  -- `edicion` records a change of responsable under the label the expedientes service writes.
  IF NEW.id_notificado IS NULL AND (
       NEW.evento IN ('creacion', 'documento_subido')
       OR (NEW.evento = 'edicion' AND NEW.cambios @> '[{"campo": "Responsable"}]'::jsonb)) THEN
    SELECT id_responsable INTO responsable FROM expediente WHERE id_expediente = NEW.id_expediente;
    IF responsable IS DISTINCT FROM NEW.id_usuario THEN
      NEW.id_notificado := responsable;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER historial_notificado
  BEFORE INSERT ON historial
  FOR EACH ROW EXECUTE FUNCTION historial_notificado();

CREATE INDEX historial_notificado_idx ON historial (id_notificado, creado_en DESC, id DESC)
  WHERE id_notificado IS NOT NULL;

-- Kept on the server, so every browser of the person agrees on what is new.
CREATE TABLE notificacion_visto (
  id_usuario integer PRIMARY KEY REFERENCES usuario (id_usuario),
  visto_hasta timestamptz NOT NULL
);

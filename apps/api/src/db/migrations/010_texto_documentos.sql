-- Issue 13: the text of every document, extracted in the background, searchable with PostgreSQL's
-- full-text search in Spanish without accents, plus a first-page thumbnail.

-- "Petición" and "peticion", "licencias" and "licencia" meet: accents are dropped before the Spanish
-- stemmer (words with only ASCII letters have no accent to drop). Numbers, file names, addresses…
-- keep the `spanish` mapping (simple).
CREATE TEXT SEARCH CONFIGURATION es_sin_tildes (COPY = spanish);
ALTER TEXT SEARCH CONFIGURATION es_sin_tildes
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;

-- For words typed in part ("licen" → "licencias"): lower case without accents, no stemming; the
-- search matches it as a prefix of the stems above.
CREATE TEXT SEARCH CONFIGURATION es_prefijo (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION es_prefijo
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;

-- The search vector of a document: its name (weight A) and its text (B). A text whose vector would
-- pass PostgreSQL's 1 MB limit for a tsvector (only random, never-repeated words get there) is
-- indexed by its first half, then quarter… instead of failing.
CREATE FUNCTION documento_vector(nombre text, texto text) RETURNS tsvector
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  limite integer := 1000000;
BEGIN
  LOOP
    BEGIN
      RETURN setweight(to_tsvector('es_sin_tildes', coalesce(nombre, '')), 'A')
          || setweight(to_tsvector('es_sin_tildes', left(coalesce(texto, ''), limite)), 'B');
    EXCEPTION WHEN program_limit_exceeded THEN
      limite := limite / 2;
    END;
  END LOOP;
END
$$;

-- One word of a search: its Spanish stem without accents and, for a word of 4 letters or more that
-- is not a stop word, also as the start of longer words ("licen" finds "licencias").
CREATE FUNCTION busqueda_palabra(palabra text) RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  SELECT CASE
    WHEN numnode(q) = 0 OR palabra !~ '^[[:alpha:]]{4,}$' THEN q
    ELSE q || to_tsquery('es_prefijo', quote_literal(palabra) || ':*')
  END
  FROM plainto_tsquery('es_sin_tildes', palabra) AS q
$$;

-- One row per document: its text, its search vector and the extraction's state. It is also the job
-- of the queue (`pendiente` rows): taken with FOR UPDATE SKIP LOCKED and held by a lease
-- (`tomado_hasta`), so a job of a process that died is taken again once the lease expires.
-- Documents themselves never change (see 004), so all of this lives beside them.
-- Derived from the document and rebuilt at will: it follows the document (which is never deleted,
-- 004) wherever the document goes.
CREATE TABLE documento_texto (
  id_documento integer PRIMARY KEY REFERENCES documento (id_documento) ON DELETE CASCADE,
  estado text NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'indexado', 'sin_texto', 'error')),
  -- Why `sin_texto` or `error` (Spanish, shown to people); the last failure while still `pendiente`.
  motivo text CHECK (char_length(motivo) <= 1000),
  intentos integer NOT NULL DEFAULT 0 CHECK (intentos >= 0),
  disponible_desde timestamptz NOT NULL DEFAULT now(),
  tomado_por text,
  tomado_hasta timestamptz,
  texto text,
  vector tsvector,
  paginas integer CHECK (paginas >= 0),
  -- How many pages (or images) were read by OCR.
  paginas_ocr integer NOT NULL DEFAULT 0 CHECK (paginas_ocr >= 0),
  actualizado timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX documento_texto_vector_idx ON documento_texto USING gin (vector);
CREATE INDEX documento_texto_cola_idx ON documento_texto (disponible_desde, id_documento) WHERE estado = 'pendiente';
CREATE INDEX documento_texto_estado_idx ON documento_texto (estado);

-- A small JPEG of the first page (PDF) or of the image, made in the same background step.
CREATE TABLE documento_miniatura (
  id_documento integer PRIMARY KEY REFERENCES documento (id_documento) ON DELETE CASCADE,
  imagen bytea NOT NULL CHECK (octet_length(imagen) BETWEEN 1 AND 262144),
  ancho integer NOT NULL CHECK (ancho > 0),
  alto integer NOT NULL CHECK (alto > 0)
);

-- Every document gets its row (and so its job) in the transaction that stores it, whoever inserts it.
CREATE FUNCTION documento_texto_pendiente() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO documento_texto (id_documento) VALUES (NEW.id_documento);
  RETURN NULL;
END
$$;

CREATE TRIGGER documento_texto_pendiente
  AFTER INSERT ON documento
  FOR EACH ROW EXECUTE FUNCTION documento_texto_pendiente();

INSERT INTO documento_texto (id_documento) SELECT id_documento FROM documento;

-- Rebuilding every search vector (after a change of configuration) or extracting everything again:
-- one run at a time, resumable by any instance once its lease expires.
CREATE TABLE reindexado (
  id serial PRIMARY KEY,
  modo text NOT NULL CHECK (modo IN ('vectores', 'extraccion')),
  solicitado_por integer NOT NULL REFERENCES usuario (id_usuario),
  iniciado timestamptz NOT NULL DEFAULT now(),
  terminado timestamptz,
  total integer NOT NULL CHECK (total >= 0),
  hechos integer NOT NULL DEFAULT 0 CHECK (hechos >= 0),
  ultimo_id integer NOT NULL DEFAULT 0,
  tomado_hasta timestamptz
);
-- At most one run without an end.
CREATE UNIQUE INDEX reindexado_en_curso_idx ON reindexado ((true)) WHERE terminado IS NULL;

INSERT INTO permiso (codigo, descripcion) VALUES
  ('administracion.indice', 'Ver el estado del índice de texto de los documentos y reindexarlo');

INSERT INTO rol_permiso (rol, permiso)
SELECT nombre, 'administracion.indice' FROM rol WHERE nombre = 'administrador';

-- Its screen, in the administration group (009).
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Índice de búsqueda', 'administracion/indice', 'FileSearchOutlined', id, 60, 'administracion.indice'
FROM modulo WHERE nom_modulo = 'administracion';

-- The planner estimates how many documents a word matches from the vector column's most common
-- lexemes: with the default 100 it tracks a few hundred and guesses a word absent from them at
-- 0,5 %, enough to walk the newest documents one by one looking for a name that is in five of
-- them. A 1.000 target tracks thousands, and a rare word is read through the GIN index.
ALTER TABLE documento_texto ALTER COLUMN vector SET STATISTICS 1000;

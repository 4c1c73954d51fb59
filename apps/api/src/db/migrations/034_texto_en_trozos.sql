-- A document's text in pieces of about 4.000 characters, each with its own search vector, so that
-- the fragment of a search result is cut from the piece where the search appears: `ts_headline`
-- re-reads every word it is given, and the piece is found by its vector, not by looking at the
-- text. The document's own vector (010) still decides what matches and how well: a phrase or
-- several words may span two pieces.

-- Pieces end at the last white space of their window (a word is never split, so each piece's
-- vector holds the words as the document's does); a window without white space in its second
-- half is cut at its end. Pieces joined give the text back: `desde` and `longitud` count
-- characters, as `substr` does.
CREATE FUNCTION texto_en_trozos(texto text)
  RETURNS TABLE (n integer, desde integer, longitud integer, trozo text)
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  tamano constant integer := 4000;
  resto text := coalesce(texto, '');
  hasta_blanco text;
BEGIN
  n := 0;
  desde := 1;
  WHILE resto <> '' LOOP
    trozo := left(resto, tamano);
    -- Only a full window followed by more text is cut back to its last white space.
    IF substr(resto, tamano + 1, 1) <> '' THEN
      hasta_blanco := substring(trozo FROM '^.*[[:space:]]');
      IF char_length(hasta_blanco) > tamano / 2 THEN
        trozo := hasta_blanco;
      END IF;
    END IF;
    n := n + 1;
    longitud := char_length(trozo);
    RETURN NEXT;
    desde := desde + longitud;
    resto := substr(resto, longitud + 1);
  END LOOP;
END
$$;

CREATE TABLE documento_texto_trozo (
  id_documento integer NOT NULL REFERENCES documento_texto (id_documento) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 1),
  desde integer NOT NULL CHECK (desde >= 1),
  longitud integer NOT NULL CHECK (longitud >= 1),
  vector tsvector NOT NULL,
  PRIMARY KEY (id_documento, n)
);

-- The pieces follow the text and its vector whoever writes them (the extraction, a re-indexing
-- with a new configuration, a tool): nobody has to remember them.
CREATE FUNCTION documento_texto_trozos() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM documento_texto_trozo WHERE id_documento = NEW.id_documento;
  INSERT INTO documento_texto_trozo (id_documento, n, desde, longitud, vector)
  SELECT NEW.id_documento, t.n, t.desde, t.longitud, to_tsvector('es_sin_tildes', t.trozo)
  FROM texto_en_trozos(NEW.texto) t;
  RETURN NULL;
END
$$;

CREATE TRIGGER documento_texto_trozos
  AFTER UPDATE OF texto, vector ON documento_texto
  FOR EACH ROW EXECUTE FUNCTION documento_texto_trozos();

INSERT INTO documento_texto_trozo (id_documento, n, desde, longitud, vector)
SELECT dt.id_documento, t.n, t.desde, t.longitud, to_tsvector('es_sin_tildes', t.trozo)
FROM documento_texto dt, texto_en_trozos(dt.texto) t
WHERE dt.texto IS NOT NULL;

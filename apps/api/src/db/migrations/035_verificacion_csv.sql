-- Código Seguro de Verificación (CSV): every signed índice, those already stored and every new one, gets
-- a code anybody can type at /verificacion to see what it certifies and download the copy (decision 0394).
-- The code is 28 characters of an alphabet of 32 without the ambiguous I, O, 0 and 1 (140 random bits),
-- taken from gen_random_uuid (pg_strong_random); it is looked up by its SHA-256 (`huella`), never by the
-- code itself, so the time of a look-up says nothing about how much of a code was right.

CREATE FUNCTION csv_nuevo() RETURNS text
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  alfabeto constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  -- 48 bytes of three version 4 UUIDs; byte 6 of each has a fixed bit in its low five (the version).
  bytes constant bytea := decode(
    replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');
  codigo text := '';
  i integer := 0;
BEGIN
  WHILE length(codigo) < 28 LOOP
    IF i % 16 <> 6 THEN
      -- The low five bits: 256 is a multiple of 32, so every character is as likely.
      codigo := codigo || substr(alfabeto, get_byte(bytes, i) % 32 + 1, 1);
    END IF;
    i := i + 1;
  END LOOP;
  RETURN codigo;
END
$$;

CREATE TABLE codigo_verificacion (
  id_firma integer PRIMARY KEY REFERENCES indice_firmado (id_firma),
  codigo char(28) NOT NULL UNIQUE CHECK (codigo ~ '^[A-HJ-NP-Z2-9]{28}$'),
  huella char(64) NOT NULL UNIQUE CHECK (huella = encode(sha256(convert_to(codigo, 'UTF8')), 'hex')),
  creado_en timestamptz NOT NULL DEFAULT now()
);
-- Evidence: never changed nor deleted by the API.
INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('codigo_verificacion', true, '{}');

INSERT INTO codigo_verificacion (id_firma, codigo, huella)
SELECT id_firma, codigo, encode(sha256(convert_to(codigo, 'UTF8')), 'hex')
FROM (SELECT id_firma, csv_nuevo() AS codigo FROM indice_firmado ORDER BY id_firma) AS nuevos;

CREATE FUNCTION indice_firmado_con_csv() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  nuevo constant text := csv_nuevo();
BEGIN
  INSERT INTO codigo_verificacion (id_firma, codigo, huella)
  VALUES (NEW.id_firma, nuevo, encode(sha256(convert_to(nuevo, 'UTF8')), 'hex'));
  RETURN NULL;
END
$$;

CREATE TRIGGER indice_firmado_con_csv
  AFTER INSERT ON indice_firmado
  FOR EACH ROW EXECUTE FUNCTION indice_firmado_con_csv();

-- Every look-up of /api/verificacion, found or not: who (the address), what (the first 16 hex digits of
-- the SHA-256 of the code as typed, normalised: enough to match it with a known code, not to replay it).
CREATE TABLE consulta_verificacion (
  id_consulta bigserial PRIMARY KEY,
  consultado_en timestamptz NOT NULL DEFAULT now(),
  ip text NOT NULL,
  huella_prefijo text NOT NULL CHECK (huella_prefijo ~ '^[0-9a-f]{16}$'),
  resultado text NOT NULL CHECK (resultado IN ('encontrado', 'desconocido', 'mal_formado')),
  descarga boolean NOT NULL,
  id_firma integer REFERENCES indice_firmado (id_firma)
);
CREATE INDEX consulta_verificacion_en_idx ON consulta_verificacion (consultado_en);
CREATE INDEX consulta_verificacion_firma_idx ON consulta_verificacion (id_firma);
INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('consulta_verificacion', true, '{}');

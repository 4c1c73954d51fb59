-- Copia auténtica of a stored document (decision 0403): a PDF made from a stored PDF or image with the
-- Código Seguro de Verificación, a QR code, the verification address and the date on every page, signed
-- with the institution's seal (PAdES). The copy's bytes live in the document storage under `clave_almacen`
-- (a server-generated UUID, like a document's); each copy gets its CSV, as each signed índice does.

CREATE TABLE copia_autentica (
  id_copia serial PRIMARY KEY,
  id_documento integer NOT NULL REFERENCES documento (id_documento),
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  creada_en timestamptz NOT NULL,
  creada_por integer NOT NULL REFERENCES usuario (id_usuario),
  clave_almacen uuid NOT NULL UNIQUE,
  tamano bigint NOT NULL CHECK (tamano > 0),
  huella char(64) NOT NULL CHECK (huella ~ '^[0-9a-f]{64}$'),
  paginas integer NOT NULL CHECK (paginas > 0),
  certificado_sujeto text NOT NULL,
  solo_desarrollo boolean NOT NULL
);
CREATE INDEX copia_autentica_documento_idx ON copia_autentica (id_documento);
CREATE INDEX copia_autentica_expediente_idx ON copia_autentica (id_expediente);
-- Evidence: the API inserts and never changes nor deletes a copy.
INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('copia_autentica', true, '{}');

-- A code certifies either a signed índice or a copia auténtica, exactly one of them.
ALTER TABLE codigo_verificacion DROP CONSTRAINT codigo_verificacion_pkey;
ALTER TABLE codigo_verificacion ALTER COLUMN id_firma DROP NOT NULL;
ALTER TABLE codigo_verificacion ADD CONSTRAINT codigo_verificacion_firma_key UNIQUE (id_firma);
ALTER TABLE codigo_verificacion ADD COLUMN id_copia integer UNIQUE REFERENCES copia_autentica (id_copia);
ALTER TABLE codigo_verificacion ADD PRIMARY KEY (codigo);
ALTER TABLE codigo_verificacion ADD CONSTRAINT codigo_verificacion_uno
  CHECK (num_nonnulls(id_firma, id_copia) = 1);

-- The code of a copy is drawn by the same generator (csv_nuevo, 140 random bits) before the copy is made,
-- since it is printed on every page; the API inserts it here in the transaction that stores the copy.

ALTER TABLE consulta_verificacion ADD COLUMN id_copia integer REFERENCES copia_autentica (id_copia);
CREATE INDEX consulta_verificacion_copia_idx ON consulta_verificacion (id_copia);

-- Two events of the historial: a copia auténtica made, and the foliated PDF of the whole expediente
-- downloaded. The check is widened from whatever list it holds now (another migration may have added
-- events before this one), not rewritten from a copy of it.
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
    || replace(actual, 'ARRAY[', 'ARRAY[''copia_autentica''::text, ''expediente_foliado''::text, ');
END
$$;

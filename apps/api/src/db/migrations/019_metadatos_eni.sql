-- What the ENI (Esquema Nacional de Interoperabilidad) asks of an expediente and its documents,
-- kept where it belongs: the DIR3 code of the órgano on its unidad, the SIA procedure code on the
-- tipo de expediente, the ENI tipo documental (TD01…TD99) on our tipo documental, the estado de
-- elaboración and origen of each document, and the interesados of each expediente.

-- A unidad's `codigo` (009) may be any short code; its DIR3 code, when it has one, is this:
-- nine characters, a letter, a letter or digit, seven digits (L01280796, LA0019005, EA0001234).
ALTER TABLE unidad
  ADD COLUMN codigo_dir3 text CONSTRAINT unidad_codigo_dir3_forma CHECK (codigo_dir3 ~ '^[A-Z][A-Z0-9][0-9]{7}$');
-- A code already typed in DIR3 form is taken as the DIR3 code.
UPDATE unidad SET codigo_dir3 = codigo WHERE codigo ~ '^[A-Z][A-Z0-9][0-9]{7}$';
CREATE UNIQUE INDEX unidad_codigo_dir3_idx ON unidad (codigo_dir3);

-- The SIA code (Sistema de Información Administrativa) of the procedure: the ENI `Clasificacion`.
ALTER TABLE tipo_expediente
  ADD COLUMN codigo_sia text CONSTRAINT tipo_expediente_codigo_sia_forma CHECK (codigo_sia ~ '^[A-Z0-9][A-Z0-9_.-]{0,29}$');

-- The ENI tipo documental our tipo maps to: the values the ENI schema enumerates (TD01…TD20,
-- TD51…TD69, TD99).
ALTER TABLE tipo_documental
  ADD COLUMN codigo_td text CONSTRAINT tipo_documental_codigo_td_forma
    CHECK (codigo_td ~ '^TD(0[1-9]|1[0-9]|20|5[1-9]|6[0-9]|99)$');
UPDATE tipo_documental SET codigo_td = CASE nombre
  WHEN 'Resolución' THEN 'TD01'
  WHEN 'Notificación' THEN 'TD07'
  WHEN 'Solicitud' THEN 'TD14'
  WHEN 'Informe' THEN 'TD13'
  WHEN 'Anexo' THEN 'TD99'
  WHEN 'Otro' THEN 'TD99'
END;

-- Fixed at incorporation like the rest of the índice entry (the API may not change them: 017).
-- EE01 original, EE02 copia auténtica con cambio de formato, EE03 copia auténtica de papel, EE04
-- copia parcial auténtica, EE99 otros: the values of the ENI schema.
ALTER TABLE documento
  ADD COLUMN estado_elaboracion text NOT NULL DEFAULT 'EE01'
    CONSTRAINT documento_estado_elaboracion_valido CHECK (estado_elaboracion IN ('EE01', 'EE02', 'EE03', 'EE04', 'EE99')),
  ADD COLUMN origen text NOT NULL DEFAULT 'administracion'
    CONSTRAINT documento_origen_valido CHECK (origen IN ('ciudadano', 'administracion'));

-- Interesados of an expediente, as many as it has. Removing one keeps the row (who, when).
CREATE TABLE interesado (
  id_interesado serial PRIMARY KEY,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  -- NIF, NIE or CIF, in capitals, its control character checked by the API.
  documento text NOT NULL CHECK (documento ~ '^[0-9A-Z]{9}$'),
  nombre text NOT NULL CHECK (char_length(nombre) BETWEEN 2 AND 200),
  anadido_por integer NOT NULL REFERENCES usuario (id_usuario),
  anadido_en timestamptz NOT NULL DEFAULT now(),
  retirado_por integer REFERENCES usuario (id_usuario),
  retirado_en timestamptz,
  CHECK ((retirado_por IS NULL) = (retirado_en IS NULL))
);
CREATE UNIQUE INDEX interesado_vigente_idx ON interesado (id_expediente, documento) WHERE retirado_en IS NULL;
CREATE INDEX interesado_anadido_por_idx ON interesado (anadido_por);
CREATE INDEX interesado_retirado_por_idx ON interesado (retirado_por);

INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('interesado', true, '{retirado_por, retirado_en}');

ALTER TABLE historial DROP CONSTRAINT historial_evento_check;
ALTER TABLE historial ADD CONSTRAINT historial_evento_check CHECK (evento IN (
  'creacion', 'edicion', 'cambio_estado', 'consulta',
  'documento_subido', 'documento_descargado', 'documento_previsualizado', 'documento_anulado',
  'transferencia', 'acceso_concedido', 'acceso_revocado',
  'interesado_anadido', 'interesado_retirado'
));

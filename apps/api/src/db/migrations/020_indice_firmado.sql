-- The índice signed with the institution's seal: when an expediente is closed and again when its
-- índice is closed for remisión (ENI estado E03). Each signature is kept as signed (the ENI `indice`
-- XML with its XAdES signature, and the índice PDF with its PAdES signature) and never changes.

CREATE TABLE indice_firmado (
  id_firma serial PRIMARY KEY,
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  motivo text NOT NULL CHECK (motivo IN ('cierre', 'remision')),
  firmado_en timestamptz NOT NULL,
  -- Whose action caused it (the seal signs, not the person).
  firmado_por integer NOT NULL REFERENCES usuario (id_usuario),
  documentos integer NOT NULL CHECK (documentos >= 0),
  -- hash_entrada of the last entry of the chain at that moment (null: no documents).
  huella_indice char(64) CHECK (huella_indice ~ '^[0-9a-f]{64}$'),
  xml text NOT NULL,
  pdf bytea NOT NULL,
  certificado_sujeto text NOT NULL,
  certificado_emisor text NOT NULL,
  certificado_serie text NOT NULL,
  -- Signed with the self-signed test seal `npm start` creates: worthless outside development.
  solo_desarrollo boolean NOT NULL,
  -- RFC 3161 token over the XAdES SignatureValue, when a timestamp authority is configured.
  sello_tiempo bytea,
  sello_tiempo_tsa text,
  sello_tiempo_en timestamptz,
  CHECK ((sello_tiempo IS NULL) = (sello_tiempo_tsa IS NULL))
);
CREATE INDEX indice_firmado_expediente_idx ON indice_firmado (id_expediente, id_firma);
CREATE INDEX indice_firmado_firmado_por_idx ON indice_firmado (firmado_por);

CREATE FUNCTION indice_firmado_inmutable() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'Un índice firmado no se modifica ni se borra (% no permitido)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER indice_firmado_inmutable
  BEFORE UPDATE OR DELETE ON indice_firmado
  FOR EACH ROW EXECUTE FUNCTION indice_firmado_inmutable();
CREATE TRIGGER indice_firmado_sin_truncate
  BEFORE TRUNCATE ON indice_firmado
  FOR EACH STATEMENT EXECUTE FUNCTION indice_firmado_inmutable();

INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('indice_firmado', true, '{}');

-- Closed for remisión (E03): set once, on a closed expediente; from then on nothing changes, not even its estado.
ALTER TABLE expediente
  ADD COLUMN remision_cerrada_en timestamptz,
  ADD COLUMN remision_cerrada_por integer REFERENCES usuario (id_usuario),
  ADD CONSTRAINT expediente_remision_completa CHECK ((remision_cerrada_en IS NULL) = (remision_cerrada_por IS NULL));
CREATE INDEX expediente_remision_cerrada_por_idx ON expediente (remision_cerrada_por);

ALTER TABLE historial DROP CONSTRAINT historial_evento_check;
ALTER TABLE historial ADD CONSTRAINT historial_evento_check CHECK (evento IN (
  'creacion', 'edicion', 'cambio_estado', 'consulta',
  'documento_subido', 'documento_descargado', 'documento_previsualizado', 'documento_anulado',
  'transferencia', 'acceso_concedido', 'acceso_revocado',
  'interesado_anadido', 'interesado_retirado',
  'indice_firmado', 'remision_cerrada', 'exportacion_eni'
));

INSERT INTO permiso (codigo, descripcion) VALUES
  ('expedientes.exportar_eni', 'Exportar un expediente en formato ENI (remisión a otra administración)');
INSERT INTO rol_permiso (rol, permiso)
SELECT nombre, 'expedientes.exportar_eni' FROM rol WHERE nombre IN ('administrador', 'gestor');

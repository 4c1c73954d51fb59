-- Fixity (issue 20): a rolling re-hash of every stored document, and every file found missing or
-- altered, by that revision or while a download or preview streamed it.

-- A round re-reads every document once; its row is the progress a restarted instance resumes from.
CREATE TABLE integridad_ronda (
  id serial PRIMARY KEY,
  iniciada timestamptz NOT NULL DEFAULT now(),
  terminada timestamptz,
  -- Documents are read in id order: the last one read (0 before the first).
  ultimo_documento integer NOT NULL DEFAULT 0,
  -- How many documents (and bytes) there were when the round began: the denominator of its progress.
  documentos_total integer NOT NULL,
  bytes_total bigint NOT NULL,
  documentos_revisados integer NOT NULL DEFAULT 0,
  bytes_revisados bigint NOT NULL DEFAULT 0,
  hallazgos integer NOT NULL DEFAULT 0
);
-- One round at a time.
CREATE UNIQUE INDEX integridad_ronda_abierta_idx ON integridad_ronda ((true)) WHERE terminada IS NULL;

-- The last result of each document (its latest check, whatever found it).
CREATE TABLE integridad_documento (
  id_documento integer PRIMARY KEY REFERENCES documento (id_documento),
  comprobado_en timestamptz NOT NULL,
  resultado text NOT NULL CHECK (resultado IN ('correcto', 'archivo_alterado', 'archivo_ausente'))
);

-- Evidence: a file found missing or altered, by whom and how. Only added, never changed.
CREATE TABLE integridad_hallazgo (
  id bigserial PRIMARY KEY,
  id_documento integer NOT NULL REFERENCES documento (id_documento),
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  tipo text NOT NULL CHECK (tipo IN ('archivo_alterado', 'archivo_ausente')),
  origen text NOT NULL CHECK (origen IN ('revision', 'descarga', 'vista')),
  -- The SHA-256 of what is stored now (altered files), to tell one alteration from another.
  huella_encontrada text,
  -- Who was downloading or previewing it (none for the revision).
  id_usuario integer REFERENCES usuario (id_usuario),
  id_ronda integer REFERENCES integridad_ronda (id),
  detectado_en timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integridad_hallazgo_fecha_idx ON integridad_hallazgo (detectado_en DESC, id DESC);
CREATE INDEX integridad_hallazgo_documento_idx ON integridad_hallazgo (id_documento);

INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('integridad_hallazgo', true, '{}');

INSERT INTO permiso (codigo, descripcion) VALUES
  ('administracion.integridad', 'Ver la revisión periódica de la integridad de los documentos y recibir sus avisos');

INSERT INTO rol_permiso (rol, permiso)
SELECT nombre, 'administracion.integridad' FROM rol WHERE nombre = 'administrador';

-- Its screen, in the administration group (009), after the queues (016).
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Integridad de los documentos', 'administracion/integridad', 'FileProtectOutlined', id, 80,
       'administracion.integridad'
FROM modulo WHERE nom_modulo = 'administracion';

-- Its queue is in the administration before the first instance starts its workers (0240).
INSERT INTO cola (nombre, titulo) VALUES ('integridad', 'Revisión de la integridad de los documentos');

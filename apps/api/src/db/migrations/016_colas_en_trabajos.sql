-- The three hand-made leases move to the job runner (015): the queue of text extraction
-- (`documento_texto`, 010), the re-indexing runs (`reindexado`, 010) and the verification in
-- progress (`verificacion_en_curso`, 008). The queues get a screen and a permiso of their own.

INSERT INTO cola (nombre, titulo) VALUES
  ('texto', 'Extracción de texto'),
  ('reindexado', 'Reindexado del índice de búsqueda'),
  ('verificacion', 'Verificación de integridad');

-- The text of documents (010) keeps what people see (estado, motivo, texto); the queue moves here.
INSERT INTO trabajo (cola, clave, descripcion, intentos, disponible_desde)
SELECT 'texto', id_documento::text, 'Documento nº ' || id_documento, intentos, disponible_desde
FROM documento_texto WHERE estado = 'pendiente';

DROP INDEX documento_texto_cola_idx;
ALTER TABLE documento_texto
  DROP COLUMN intentos,
  DROP COLUMN disponible_desde,
  DROP COLUMN tomado_por,
  DROP COLUMN tomado_hasta;

CREATE OR REPLACE FUNCTION documento_texto_pendiente() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO documento_texto (id_documento) VALUES (NEW.id_documento);
  PERFORM encolar_trabajo('texto', NEW.id_documento::text, 'Documento nº ' || NEW.id_documento);
  RETURN NULL;
END
$$;

-- A re-indexing run is a job too; its row keeps the progress and who asked for it.
INSERT INTO trabajo (cola, clave, descripcion)
SELECT 'reindexado', id::text, 'Reindexado nº ' || id FROM reindexado WHERE terminado IS NULL;
ALTER TABLE reindexado DROP COLUMN tomado_hasta;

-- A verification in progress is a running job of the queue `verificacion`, keyed by expediente.
DROP TABLE verificacion_en_curso;

INSERT INTO permiso (codigo, descripcion) VALUES
  ('administracion.trabajos', 'Ver las colas de trabajos en segundo plano, pausarlas y reintentar los fallidos');

INSERT INTO rol_permiso (rol, permiso)
SELECT nombre, 'administracion.trabajos' FROM rol WHERE nombre = 'administrador';

-- Its screen, in the administration group (009).
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Colas de trabajos', 'administracion/trabajos', 'DashboardOutlined', id, 70, 'administracion.trabajos'
FROM modulo WHERE nom_modulo = 'administracion';

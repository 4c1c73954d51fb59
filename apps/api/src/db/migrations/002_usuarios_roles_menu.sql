CREATE TABLE usuario (
  id_usuario serial PRIMARY KEY,
  sub text NOT NULL UNIQUE,
  username text NOT NULL,
  nombres text NOT NULL DEFAULT '',
  apellidos text NOT NULL DEFAULT '',
  email text,
  roles text[] NOT NULL DEFAULT '{}',
  ultimo_acceso timestamptz,
  creado_en timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rol (
  nombre text PRIMARY KEY,
  descripcion text NOT NULL
);

CREATE TABLE permiso (
  codigo text PRIMARY KEY,
  descripcion text NOT NULL
);

CREATE TABLE rol_permiso (
  rol text NOT NULL REFERENCES rol (nombre) ON DELETE CASCADE,
  permiso text NOT NULL REFERENCES permiso (codigo) ON DELETE CASCADE,
  PRIMARY KEY (rol, permiso)
);

CREATE TABLE modulo (
  id serial PRIMARY KEY,
  nom_mostrar text NOT NULL,
  nom_modulo text NOT NULL UNIQUE,
  icon text,
  id_padre integer REFERENCES modulo (id) ON DELETE CASCADE,
  orden integer NOT NULL DEFAULT 0,
  permiso_requerido text REFERENCES permiso (codigo)
);
CREATE INDEX modulo_id_padre_idx ON modulo (id_padre);

INSERT INTO rol (nombre, descripcion) VALUES
  ('administrador', 'Administra el sistema y todos los expedientes'),
  ('gestor', 'Gestiona expedientes y documentos'),
  ('consulta', 'Consulta expedientes y descarga documentos');

INSERT INTO permiso (codigo, descripcion) VALUES
  ('expedientes.ver', 'Ver expedientes'),
  ('expedientes.crear', 'Crear expedientes'),
  ('expedientes.editar', 'Editar expedientes'),
  ('expedientes.cambiar_estado', 'Cambiar el estado de un expediente'),
  ('documentos.subir', 'Subir documentos'),
  ('documentos.descargar', 'Descargar documentos'),
  ('documentos.anular', 'Anular documentos');

INSERT INTO rol_permiso (rol, permiso)
SELECT rol.nombre, permiso.codigo
FROM rol CROSS JOIN permiso
WHERE rol.nombre IN ('administrador', 'gestor');

INSERT INTO rol_permiso (rol, permiso) VALUES
  ('consulta', 'expedientes.ver'),
  ('consulta', 'documentos.descargar');

INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
VALUES ('Expedientes', 'expedientes', 'FolderOpenOutlined', NULL, 10, 'expedientes.ver');

INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Subir documentos', 'subir-documentos', 'CloudUploadOutlined', id, 10, 'documentos.subir'
FROM modulo WHERE nom_modulo = 'expedientes';

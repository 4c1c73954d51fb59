-- Re-reading every file of an expediente is costly: it gets a permission of its own, and one
-- verification per expediente runs at a time (across every API instance).
INSERT INTO permiso (codigo, descripcion) VALUES
  ('documentos.verificar', 'Verificar la integridad de los documentos de un expediente');

INSERT INTO rol_permiso (rol, permiso)
SELECT nombre, 'documentos.verificar' FROM rol WHERE nombre IN ('administrador', 'gestor');

-- A row while a verification runs; the one that inserts it runs, the others answer 409. A row
-- older than the verification's time limit belongs to an instance that stopped mid-way.
CREATE TABLE verificacion_en_curso (
  id_expediente integer PRIMARY KEY REFERENCES expediente (id_expediente),
  desde timestamptz NOT NULL DEFAULT now()
);

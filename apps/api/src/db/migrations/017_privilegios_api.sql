-- The API may run as a role of its own, not the one that owns the tables (which could disable the
-- triggers that keep the evidence append-only). After the migrations, the owner gives that role
-- (db/api-privileges.ts): SELECT, INSERT, UPDATE and DELETE on every table, USAGE on every
-- sequence, and nothing more (no TRUNCATE, no ALTER: it owns nothing). The tables listed here get
-- less. A table a later migration creates is covered at the next start without anyone listing it;
-- one that must be append-only adds its row here in the migration that creates it.
CREATE TABLE privilegio_api (
  tabla text PRIMARY KEY,
  insertar boolean NOT NULL,
  -- Columns the API may change: NULL, every one; '{}', none.
  actualizar text[],
  borrar boolean NOT NULL DEFAULT false
);

INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES
  -- The schema is the owner's business; the API only reads which migrations ran.
  ('schema_migrations', false, '{}'),
  ('privilegio_api', false, '{}'),
  -- Evidence: rows are added, never changed or removed.
  ('historial', true, '{}'),
  ('auditoria', true, '{}'),
  -- An entry of the índice changes once, when it is voided (the trigger of 004 checks the values).
  ('documento', true, '{anulado, motivo_anulacion, fecha_anulacion, anulado_por}'),
  -- A grant changes once, when it is revoked or ends with the grant it derived from (009, 011).
  ('acceso', true, '{revocado_por, revocado_en, causa_fin}'),
  -- Counted reads and refusals: only their counters and last times move (013, 012).
  ('lectura', true, '{veces, ultima}'),
  ('acceso_denegado', true, '{veces, ultima_en, ids}'),
  -- Deactivated, never deleted (009).
  ('unidad', true, NULL),
  ('tipo_expediente', true, NULL),
  ('tipo_documental', true, NULL);

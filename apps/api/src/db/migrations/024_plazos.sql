-- Plazos de resolución (Ley 39/2015): a plazo per tipo de expediente, the holidays of the
-- calendario laboral, each expediente's deadline with its suspensions, and the avisos sent.

-- A tipo's plazo: both or neither. Days are días hábiles; months count date to date (art. 30).
ALTER TABLE tipo_expediente
  ADD COLUMN plazo_cantidad integer CHECK (plazo_cantidad BETWEEN 1 AND 365),
  ADD COLUMN plazo_unidad text CHECK (plazo_unidad IN ('dias_habiles', 'meses')),
  ADD CONSTRAINT tipo_expediente_plazo_completo CHECK ((plazo_cantidad IS NULL) = (plazo_unidad IS NULL)),
  ADD CONSTRAINT tipo_expediente_plazo_meses CHECK (plazo_unidad IS DISTINCT FROM 'meses' OR plazo_cantidad <= 24);

-- The calendario laboral: every holiday applies to the office (national, regional and local alike);
-- `ambito` says which calendar declared it. One entry per day.
CREATE TABLE festivo (
  id serial PRIMARY KEY,
  fecha date NOT NULL UNIQUE,
  nombre text NOT NULL CHECK (char_length(nombre) BETWEEN 1 AND 120),
  ambito text NOT NULL CHECK (ambito IN ('nacional', 'autonomico', 'local')),
  creado_por integer REFERENCES usuario (id_usuario),
  creado_en timestamptz NOT NULL DEFAULT now()
);

-- An expediente's plazo, while its tipo carries one. `fecha_limite` is what `inicio`, the plazo,
-- the suspended working days and the calendar give (modules/plazos/computo.ts); it is worked out
-- again whenever one of them changes, and kept here so the list filters and sorts on it.
CREATE TABLE plazo_expediente (
  id_expediente integer PRIMARY KEY REFERENCES expediente (id_expediente),
  inicio date NOT NULL,
  cantidad integer NOT NULL CHECK (cantidad >= 1),
  unidad text NOT NULL CHECK (unidad IN ('dias_habiles', 'meses')),
  -- Working days stopped by suspensions already resumed.
  dias_suspendidos integer NOT NULL DEFAULT 0 CHECK (dias_suspendidos >= 0),
  fecha_limite date NOT NULL,
  suspendido_desde date,
  motivo_suspension text CHECK (char_length(motivo_suspension) <= 500),
  CHECK ((suspendido_desde IS NULL) = (motivo_suspension IS NULL))
);

-- «Vencidos» and «vencen esta semana»: the running ones by date.
CREATE INDEX plazo_expediente_fecha_limite_idx ON plazo_expediente (fecha_limite, id_expediente)
  WHERE suspendido_desde IS NULL;
CREATE INDEX plazo_expediente_suspendido_idx ON plazo_expediente (id_expediente) WHERE suspendido_desde IS NOT NULL;

-- Each aviso once per expediente, event and deadline, whichever instance runs the job: the
-- primary key is what makes a second instance's insert do nothing.
CREATE TABLE aviso_plazo (
  id_expediente integer NOT NULL REFERENCES expediente (id_expediente),
  evento text NOT NULL CHECK (evento IN ('plazo_proximo', 'plazo_vence_hoy')),
  fecha_limite date NOT NULL,
  enviado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_expediente, evento, fecha_limite)
);

-- A record of what was sent: added, never changed.
INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('aviso_plazo', true, '{}');

-- The historial records the suspensions, resumptions and the avisos to the responsable.
ALTER TABLE historial DROP CONSTRAINT historial_evento_check;
ALTER TABLE historial ADD CONSTRAINT historial_evento_check CHECK (evento IN (
  'creacion', 'edicion', 'cambio_estado', 'consulta',
  'documento_subido', 'documento_descargado', 'documento_previsualizado', 'documento_anulado',
  'transferencia', 'acceso_concedido', 'acceso_revocado',
  'interesado_anadido', 'interesado_retirado',
  'indice_firmado', 'remision_cerrada', 'exportacion_eni',
  'plazo_suspendido', 'plazo_reanudado', 'plazo_inicio', 'plazo_proximo', 'plazo_vence_hoy'
));

-- The «Calendario laboral» screen, next to the catalogues and under the same permiso.
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Calendario laboral', 'administracion/calendario', 'CalendarOutlined', id, 45, 'administracion.catalogos'
FROM modulo WHERE nom_modulo = 'administracion';

-- The queue of the avisos (modules/plazos/avisos.plugin.ts), listed in «Colas de trabajos» from the start.
INSERT INTO cola (nombre, titulo) VALUES ('avisos-plazo', 'Avisos de plazos de resolución');

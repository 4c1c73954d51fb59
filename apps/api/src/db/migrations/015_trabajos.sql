-- One job runner for every background task: the extraction of text, re-indexing, verifications,
-- and what comes next (fixity, signatures). A job is a row of `trabajo`. A worker takes it with
-- FOR UPDATE SKIP LOCKED and gets, for that take only, a fencing token (`testigo`) and a lease
-- (`tomado_hasta`) it renews while it works; a result or a failure is stored only by the holder of
-- the current token, in one transaction with what the job produced.

-- The queues, and whether an administrator paused one (its jobs wait; the running ones finish).
CREATE TABLE cola (
  nombre text PRIMARY KEY CHECK (nombre ~ '^[a-z][a-z0-9_-]{0,39}$'),
  titulo text NOT NULL CHECK (char_length(titulo) BETWEEN 1 AND 100),
  pausada boolean NOT NULL DEFAULT false,
  pausada_por integer REFERENCES usuario (id_usuario),
  pausada_en timestamptz
);

-- One number per take, never reused: a worker whose lease was lost holds an old number.
CREATE SEQUENCE trabajo_testigo_seq AS bigint;

CREATE TABLE trabajo (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cola text NOT NULL REFERENCES cola (nombre),
  -- What the job is about (a document, a run, an expediente): one job per key and queue.
  clave text CHECK (char_length(clave) BETWEEN 1 AND 200),
  -- How the administration names it (Spanish).
  descripcion text CHECK (char_length(descripcion) <= 200),
  datos jsonb NOT NULL DEFAULT '{}',
  estado text NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'en_curso', 'fallido')),
  -- Takes so far, the current one included (a take whose process died counts too).
  intentos integer NOT NULL DEFAULT 0 CHECK (intentos >= 0),
  disponible_desde timestamptz NOT NULL DEFAULT now(),
  -- A recurring job comes back this long after each completion instead of ending.
  repetir_cada interval CHECK (repetir_cada > interval '0'),
  testigo bigint,
  tomado_por text CHECK (char_length(tomado_por) <= 200),
  tomado_en timestamptz,
  tomado_hasta timestamptz,
  -- Why it failed (Spanish, shown to administrators): the last failure, or the final one.
  motivo text CHECK (char_length(motivo) <= 1000),
  creado timestamptz NOT NULL DEFAULT now(),
  actualizado timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT trabajo_en_curso_tomado CHECK ((estado = 'en_curso') = (testigo IS NOT NULL AND tomado_hasta IS NOT NULL))
);

CREATE UNIQUE INDEX trabajo_clave_idx ON trabajo (cola, clave);
CREATE INDEX trabajo_pendiente_idx ON trabajo (cola, disponible_desde, id) WHERE estado = 'pendiente';
CREATE INDEX trabajo_en_curso_idx ON trabajo (cola, tomado_hasta) WHERE estado = 'en_curso';
CREATE INDEX trabajo_fallido_idx ON trabajo (actualizado DESC, id DESC) WHERE estado = 'fallido';

-- Queues a job, from SQL (triggers) as from the API. A key already queued or running stays as it
-- is; a failed one starts over.
CREATE FUNCTION encolar_trabajo(
  p_cola text,
  p_clave text,
  p_descripcion text,
  p_datos jsonb DEFAULT '{}',
  p_desde timestamptz DEFAULT now()
) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO trabajo (cola, clave, descripcion, datos, disponible_desde)
  VALUES (p_cola, p_clave, p_descripcion, p_datos, p_desde)
  ON CONFLICT (cola, clave) DO UPDATE
    SET estado = 'pendiente', intentos = 0, motivo = NULL, datos = EXCLUDED.datos,
        descripcion = EXCLUDED.descripcion, disponible_desde = EXCLUDED.disponible_desde, actualizado = now()
    WHERE trabajo.estado = 'fallido'
$$;

-- The list at a million expedientes: the filter combination people use most (estado + tipo, usually
-- with a date range) reads its page in order and counts its matches from one index range, instead
-- of visiting every row of the tipo in the range to check its estado.
CREATE INDEX expediente_tipo_estado_idx ON expediente (id_tipo, estado, fecha_apertura DESC, id_expediente DESC);

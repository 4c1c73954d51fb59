-- The look-ups of the public verification (consulta_verificacion, 035) grow with every request anybody
-- makes: they are kept VERIFICACION_CONSULTAS_DIAS days (730 by default) and then deleted, once a day,
-- by the job of the queue below (decision 0405). The API may delete their rows, and only these: the
-- codes and the signed índices stay append-only.
UPDATE privilegio_api SET borrar = true WHERE tabla = 'consulta_verificacion';

INSERT INTO cola (nombre, titulo) VALUES ('consultas-verificacion', 'Borrado de las consultas de verificación antiguas');

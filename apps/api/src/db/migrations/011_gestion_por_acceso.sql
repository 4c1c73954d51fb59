-- Gestión that rests only on a grant stays inside it. A grant made by someone whose gestión came
-- only from a grant records that grant (`derivado_de`) and ends with it: a revocation ends the
-- grants derived from it in the same transaction, and they can never outlive it (their `hasta` is
-- at most its own). `causa_fin` says why a grant ended when no person revoked it by hand.
-- Being the responsable of an expediente gives no sight of its own any more: the responsable is
-- someone of its unidad or of a unidad above it. What the old rules let exist is put right here.

ALTER TABLE acceso
  ADD COLUMN derivado_de integer REFERENCES acceso (id_acceso),
  -- origen: ended with the grant it derived from; autoconcesion: a grant its grantor had made to
  -- themselves (or to a unidad of theirs); pertenencia: its grantor left the unidad that held the
  -- grant it derived from. Null: live, expired, or revoked by a person.
  ADD COLUMN causa_fin text CHECK (causa_fin IN ('origen', 'autoconcesion', 'pertenencia')),
  ADD CONSTRAINT acceso_causa_fin_revocado CHECK (causa_fin IS NULL OR revocado_en IS NOT NULL),
  ADD CONSTRAINT acceso_no_deriva_de_si CHECK (derivado_de IS DISTINCT FROM id_acceso);

CREATE INDEX acceso_derivado_de_idx ON acceso (derivado_de) WHERE derivado_de IS NOT NULL;
-- «Accesos concedidos» of a person in Administración.
CREATE INDEX acceso_concedido_por_orden_idx ON acceso (concedido_por, id_acceso DESC);
CREATE INDEX acceso_usuario_orden_idx ON acceso (id_usuario, id_acceso DESC) WHERE id_usuario IS NOT NULL;

CREATE OR REPLACE FUNCTION acceso_inmutable() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'Los accesos no se borran: se revocan (% no permitido)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.revocado_en IS NOT NULL
     OR (NEW.id_acceso, NEW.id_expediente, NEW.id_usuario, NEW.id_unidad, NEW.nivel, NEW.hasta, NEW.motivo,
         NEW.concedido_por, NEW.concedido_en, NEW.derivado_de)
        IS DISTINCT FROM
        (OLD.id_acceso, OLD.id_expediente, OLD.id_usuario, OLD.id_unidad, OLD.nivel, OLD.hasta, OLD.motivo,
         OLD.concedido_por, OLD.concedido_en, OLD.derivado_de) THEN
    RAISE EXCEPTION 'Un acceso concedido solo admite su revocación, una vez'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

-- Each person's unidades with every unidad below them (what they see and may answer for), and with
-- every unidad above them (the unidades whose grants reach them).
CREATE TEMP TABLE pertenencia_abajo ON COMMIT DROP AS
WITH RECURSIVE abajo(id_usuario, id) AS (
  SELECT id_usuario, id_unidad FROM usuario_unidad
  UNION
  SELECT abajo.id_usuario, u.id FROM unidad u JOIN abajo ON u.id_padre = abajo.id
)
SELECT id_usuario, id FROM abajo;

CREATE TEMP TABLE pertenencia_arriba ON COMMIT DROP AS
WITH RECURSIVE arriba(id_usuario, id) AS (
  SELECT id_usuario, id_unidad FROM usuario_unidad
  UNION
  SELECT arriba.id_usuario, u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
)
SELECT id_usuario, id FROM arriba;

-- Live grants their grantor made to themselves or to a unidad whose grants reach them end now,
-- recorded in the expediente's historial under the grantor's name.
CREATE TEMP TABLE acceso_autoconcedido ON COMMIT DROP AS
SELECT a.id_acceso, a.id_expediente, a.concedido_por, a.nivel,
       CASE WHEN a.id_usuario IS NOT NULL
            THEN coalesce(nullif(btrim(du.nombres || ' ' || du.apellidos), ''), du.username)
            ELSE 'la unidad «' || un.nombre || '»' END AS destinatario
FROM acceso a
LEFT JOIN usuario du ON du.id_usuario = a.id_usuario
LEFT JOIN unidad un ON un.id = a.id_unidad
WHERE a.revocado_en IS NULL
  AND (a.hasta IS NULL OR a.hasta >= (now() AT TIME ZONE 'Europe/Madrid')::date)
  AND (a.id_usuario = a.concedido_por
       OR EXISTS (SELECT 1 FROM pertenencia_arriba p WHERE p.id_usuario = a.concedido_por AND p.id = a.id_unidad));

UPDATE acceso
SET revocado_en = now(), revocado_por = concedido_por, causa_fin = 'autoconcesion'
WHERE id_acceso IN (SELECT id_acceso FROM acceso_autoconcedido);

INSERT INTO historial (id_expediente, id_usuario, evento, descripcion)
SELECT id_expediente, concedido_por, 'acceso_revocado',
       'Terminó el acceso de ' || CASE nivel WHEN 'gestion' THEN 'gestión' ELSE 'lectura' END || ' de ' || destinatario
       || ': nadie puede concederse acceso a sí mismo ni a su unidad.'
FROM acceso_autoconcedido
ORDER BY id_acceso;

-- Responsables who belong neither to the expediente's unidad nor to one above it stop being its
-- responsable, recorded in its historial under their own name.
CREATE TEMP TABLE responsable_ajeno ON COMMIT DROP AS
SELECT e.id_expediente, e.id_responsable,
       coalesce(nullif(btrim(r.nombres || ' ' || r.apellidos), ''), r.username) AS nombre
FROM expediente e
JOIN usuario r ON r.id_usuario = e.id_responsable
WHERE NOT EXISTS (SELECT 1 FROM pertenencia_abajo p WHERE p.id_usuario = e.id_responsable AND p.id = e.id_unidad);

UPDATE expediente
SET id_responsable = NULL, version = version + 1, actualizado_en = now()
WHERE id_expediente IN (SELECT id_expediente FROM responsable_ajeno);

INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, cambios)
SELECT id_expediente, id_responsable, 'edicion',
       'Dejó de ser responsable: no pertenece a la unidad del expediente ni a una superior.',
       jsonb_build_array(jsonb_build_object('campo', 'Responsable', 'anterior', nombre, 'nuevo', NULL))
FROM responsable_ajeno
ORDER BY id_expediente;

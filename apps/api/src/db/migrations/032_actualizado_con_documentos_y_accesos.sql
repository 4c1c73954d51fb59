-- An expediente's «Última actualización» is the last time anything in it changed: a document added
-- or voided, a grant made, revoked or ended, as well as its own fields. Triggers, so that no path
-- (an upload, a revocation derived from another) can forget it. The version is not raised: it
-- guards the expediente's own fields against a stale edit, and a new document does not make one.
-- A restore loads the rows before it creates the triggers, so restored dates stay as they were.
CREATE FUNCTION expediente_tocado() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE expediente SET actualizado_en = now()
  WHERE id_expediente = NEW.id_expediente AND actualizado_en < now();
  RETURN NULL;
END;
$$;

CREATE TRIGGER documento_toca_expediente
  AFTER INSERT OR UPDATE ON documento
  FOR EACH ROW EXECUTE FUNCTION expediente_tocado();

CREATE TRIGGER acceso_toca_expediente
  AFTER INSERT OR UPDATE ON acceso
  FOR EACH ROW EXECUTE FUNCTION expediente_tocado();

-- Spain says «reclamación»; «reclamo» is the word of Latin America. Only the name the product gave
-- is changed: one an administrator chose since stays as it is.
UPDATE tipo_expediente SET nombre = 'Queja o reclamación'
WHERE nombre = 'Queja o reclamo'
  AND NOT EXISTS (SELECT 1 FROM tipo_expediente WHERE nombre = 'Queja o reclamación');

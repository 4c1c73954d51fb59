-- Roles are declared, not created by a typo: `rol` is the list Administración keeps. Permisos are
-- given only to a declared role; a role every person of the realm carries (Keycloak's
-- `default-roles-<realm>`, `offline_access`, `uma_authorization`) is declared only after a
-- confirmation, and is marked so everybody sees what giving it a permiso means.
ALTER TABLE rol
  ADD COLUMN todo_el_dominio boolean NOT NULL DEFAULT false,
  ADD COLUMN declarado_en timestamptz NOT NULL DEFAULT now();

UPDATE rol SET todo_el_dominio = true
WHERE nombre LIKE 'default-roles-%' OR nombre IN ('offline_access', 'uma_authorization');

-- Refusals leave a trace: a 404 on an expediente or document the caller may not see (or that does
-- not exist) and a 403 for lack of gestión, counted per person, route, reason and day. A person
-- probing ids by the thousand adds to a counter: their rows per day are at most the routes times
-- the reasons, never one per refusal. `ids` keeps the first distinct ids refused that day.
CREATE TABLE acceso_denegado (
  dia date NOT NULL,
  id_usuario integer NOT NULL REFERENCES usuario (id_usuario),
  ruta text NOT NULL CHECK (char_length(ruta) <= 200),
  motivo text NOT NULL CHECK (motivo IN ('no_visible', 'no_existe', 'sin_gestion')),
  veces integer NOT NULL DEFAULT 1 CHECK (veces > 0),
  ids text[] NOT NULL DEFAULT '{}' CHECK (cardinality(ids) <= 20),
  primera_en timestamptz NOT NULL DEFAULT now(),
  ultima_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dia, id_usuario, ruta, motivo)
);
CREATE INDEX acceso_denegado_usuario_idx ON acceso_denegado (id_usuario, dia DESC);

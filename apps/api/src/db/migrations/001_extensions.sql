-- Accent-insensitive and fuzzy search (later features) need these.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

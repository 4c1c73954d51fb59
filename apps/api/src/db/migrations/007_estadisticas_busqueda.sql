-- The planner estimates how many rows a search `q` matches (`busqueda LIKE '%…%'`) from the
-- column's histogram. With the default 100 entries, one entry that happens to hold a rare word
-- makes it guess 1 % of the table, and then a sequential scan "until LIMIT" looks cheaper than the
-- trigram index: over a million rows that is a slow search. A 1.000-entry histogram (ANALYZE
-- samples 300.000 rows) keeps rare words rare.
ALTER TABLE expediente ALTER COLUMN busqueda SET STATISTICS 1000;

#!/bin/sh
# First start of the compose database (docker-entrypoint-initdb.d): the roles of EcoDigital and of
# Keycloak, each owning only its own database, and the API's role, which owns nothing (the schema's
# owner grants it what the API needs after each migration: README, «Producción»).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v dueno_clave="$ECODIGITAL_DB_PASSWORD" \
  -v api_clave="$ECODIGITAL_API_DB_PASSWORD" \
  -v keycloak_clave="$KEYCLOAK_DB_PASSWORD" <<'SQL'
CREATE ROLE ecodigital LOGIN PASSWORD :'dueno_clave';
CREATE ROLE ecodigital_api LOGIN PASSWORD :'api_clave';
CREATE DATABASE ecodigital OWNER ecodigital;
CREATE ROLE keycloak LOGIN PASSWORD :'keycloak_clave';
CREATE DATABASE keycloak OWNER keycloak;
SQL

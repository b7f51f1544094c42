-- The compose file's PostgreSQL: the monitor gets the database POSTGRES_DB names (monitor), the
-- code-metrics service its own database, so that each service's migrations table stays its own.
CREATE DATABASE metrics;

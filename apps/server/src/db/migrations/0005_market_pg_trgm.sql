-- Marketplace search (docs/decisions/012): trigram similarity for typo tolerance and autocomplete.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Searches fold accents and case on both sides (issue 21: « lefevre » finds « Lefèvre »). unaccent is not immutable
-- (its dictionary could change), so a generated column needs this immutable wrapper naming its dictionary.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION "search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
ALTER TABLE "billing_documents" drop column "search_text";--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(number, '') || ' ' || regexp_replace(coalesce(number, ''), '[^A-Za-z0-9]', '', 'g') || ' ' || (customer->>'name'))) STORED;--> statement-breakpoint
ALTER TABLE "folders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(plate || ' ' || last_name || ' ' || first_name || ' ' || number || ' ' || regexp_replace(number, '[^A-Za-z0-9]', '', 'g') || ' ' || coalesce(claim_number, '') || ' ' || coalesce(policy_number, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "billing_documents_search_trgm_idx" ON "billing_documents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "folders_search_trgm_idx" ON "folders" USING gin ("search_text" gin_trgm_ops);
-- The product search folds accents like the folders' and documents' (issue 35: « arriere » finds « arrière »).
-- Dropping the generated column drops its trigram index: it is built again on the folded text.
ALTER TABLE "products" drop column "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(name || ' ' || coalesce(product_code, '') || ' ' || coalesce(eurocode, ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);

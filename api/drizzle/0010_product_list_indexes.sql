DROP INDEX "products_shared_idx";--> statement-breakpoint
DROP INDEX "products_company_name_idx";--> statement-breakpoint
CREATE INDEX "products_company_price_idx" ON "products" USING btree ("company_id","price","id");--> statement-breakpoint
CREATE INDEX "products_shared_name_idx" ON "products" USING btree ("company_id","name","id") WHERE "products"."shared";--> statement-breakpoint
CREATE INDEX "products_shared_price_idx" ON "products" USING btree ("company_id","price","id") WHERE "products"."shared";--> statement-breakpoint
CREATE INDEX "products_company_shared_disabled_idx" ON "products" USING btree ("company_id","shared","disabled");--> statement-breakpoint
CREATE INDEX "products_company_name_idx" ON "products" USING btree ("company_id","name","id");
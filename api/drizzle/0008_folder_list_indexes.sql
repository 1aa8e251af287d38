DROP INDEX "folders_company_created_idx";--> statement-breakpoint
CREATE INDEX "folders_company_type_created_idx" ON "folders" USING btree ("company_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "folders_company_type_status_idx" ON "folders" USING btree ("company_id","type","status_id","technician_id");--> statement-breakpoint
CREATE INDEX "folders_company_type_customer_idx" ON "folders" USING btree ("company_id","type","last_name","first_name","id");
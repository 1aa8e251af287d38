ALTER TABLE "import_changes" DROP CONSTRAINT "import_changes_entity_check";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_kind_check";--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_entity_check" CHECK ("import_changes"."entity" in ('customer', 'vehicle', 'product', 'supplier', 'insurer'));--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind_check" CHECK ("imports"."kind" in ('customers', 'products', 'suppliers', 'insurers'));
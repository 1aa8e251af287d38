ALTER TABLE "unit_orders" ADD COLUMN "invoice_pdf" "bytea";--> statement-breakpoint
ALTER TABLE "unit_orders" ADD COLUMN "invoice_sha256" text;--> statement-breakpoint
ALTER TABLE "unit_orders" ADD COLUMN "einvoice_xml" text;
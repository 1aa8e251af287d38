ALTER TABLE "billing_document_lines" ADD COLUMN "unit" text DEFAULT 'C62' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD COLUMN "part_origin" text;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "buyer_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "exemption_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "vehicle_mentions" jsonb;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "mileage" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "network_head_office" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_unit_check" CHECK ("billing_document_lines"."unit" in ('C62', 'HUR'));--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_part_origin_check" CHECK ("billing_document_lines"."part_origin" in ('oem', 'equivalent', 'reuse', 'exchange'));--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_mileage_check" CHECK ("folders"."mileage" between 0 and 9999999);--> statement-breakpoint
-- Drafts' labour lines count hours; issued lines stay as they were issued (their trigger refuses any change).
UPDATE "billing_document_lines" l SET "unit" = 'HUR' FROM "products" p, "billing_documents" d
WHERE p."id" = l."product_id" AND p."unit" = 'hour' AND d."id" = l."document_id" AND d."status" = 'draft';--> statement-breakpoint
-- The buyer's reference, the exemption reason and the vehicle are frozen with the rest of the issued document.
CREATE OR REPLACE FUNCTION "billing_documents_issued_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Un document émis ne se supprime pas (document %)', OLD.number;
  END IF;
  IF (NEW.company_id, NEW.type, NEW.number, NEW.bill_to, NEW.customer, NEW.delivery_address, NEW.operation_category,
      NEW.tax, NEW.tax_inclusive, NEW.sale_date, NEW.payment_term_days, NEW.issued_at, NEW.due_date, NEW.notes,
      NEW.pre_tax_amount, NEW.tax_amount, NEW.total_amount, NEW.credit_reason, NEW.source_id, NEW.insurer_mentions,
      NEW.buyer_reference, NEW.exemption_reason, NEW.vehicle_mentions)
     IS DISTINCT FROM
     (OLD.company_id, OLD.type, OLD.number, OLD.bill_to, OLD.customer, OLD.delivery_address, OLD.operation_category,
      OLD.tax, OLD.tax_inclusive, OLD.sale_date, OLD.payment_term_days, OLD.issued_at, OLD.due_date, OLD.notes,
      OLD.pre_tax_amount, OLD.tax_amount, OLD.total_amount, OLD.credit_reason, OLD.source_id, OLD.insurer_mentions,
      OLD.buyer_reference, OLD.exemption_reason, OLD.vehicle_mentions) THEN
    RAISE EXCEPTION 'Un document émis ne se modifie pas : corrigez-le par un avoir (document %)', OLD.number;
  END IF;
  RETURN NEW;
END
$$;

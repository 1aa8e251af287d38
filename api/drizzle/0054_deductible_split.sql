ALTER TABLE "billing_documents" ADD COLUMN "deductible_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "insurer_share" jsonb;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "deductible_amount" integer;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "deductible_percent" integer;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "deductible_minimum" integer;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_deductible_invoice_id_billing_documents_id_fk" FOREIGN KEY ("deductible_invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_deductible_check" CHECK ("folders"."deductible_amount" >= 0 and ("folders"."deductible_percent" is null or "folders"."deductible_amount" is null) and "folders"."deductible_percent" between 1 and 10000 and "folders"."deductible_minimum" >= 0);--> statement-breakpoint
-- The splits made before: a quote's insurer invoice and its insured's invoice share the quote as their source.
UPDATE "billing_documents" i SET "deductible_invoice_id" = (
  SELECT min(c."id") FROM "billing_documents" c
  WHERE c."source_id" = i."source_id" AND c."type" = 'invoice' AND c."bill_to" = 'customer' AND c."id" <> i."id"
)
WHERE i."type" = 'invoice' AND i."bill_to" = 'insurer' AND i."source_id" IS NOT NULL;--> statement-breakpoint
-- The pair's link, the insurer's share and the receipt at issue are frozen with the rest of the issued document.
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
      NEW.buyer_reference, NEW.exemption_reason, NEW.vehicle_mentions, NEW.deductible_invoice_id, NEW.insurer_share,
      NEW.paid_at_issue)
     IS DISTINCT FROM
     (OLD.company_id, OLD.type, OLD.number, OLD.bill_to, OLD.customer, OLD.delivery_address, OLD.operation_category,
      OLD.tax, OLD.tax_inclusive, OLD.sale_date, OLD.payment_term_days, OLD.issued_at, OLD.due_date, OLD.notes,
      OLD.pre_tax_amount, OLD.tax_amount, OLD.total_amount, OLD.credit_reason, OLD.source_id, OLD.insurer_mentions,
      OLD.buyer_reference, OLD.exemption_reason, OLD.vehicle_mentions, OLD.deductible_invoice_id, OLD.insurer_share,
      OLD.paid_at_issue) THEN
    RAISE EXCEPTION 'Un document émis ne se modifie pas : corrigez-le par un avoir (document %)', OLD.number;
  END IF;
  RETURN NEW;
END
$$;

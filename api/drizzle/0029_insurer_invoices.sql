ALTER TABLE "billing_documents" ADD COLUMN "insurer_mentions" jsonb;--> statement-breakpoint
ALTER TABLE "folder_documents" ADD COLUMN "signed_by" text;--> statement-breakpoint
ALTER TABLE "folder_documents" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
-- Cessions signed on screen before these columns: the signer is in the document's name, the time is its creation.
UPDATE "folder_documents" SET "signed_by" = substring("name" from '^Cession de créance signée par (.+)$'), "signed_at" = "created_at"
WHERE "type_file" = 'Cession de créance' AND "name" LIKE 'Cession de créance signée par %';--> statement-breakpoint
-- What an insurer invoice says about the claim is frozen with the rest of the issued document.
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
      NEW.pre_tax_amount, NEW.tax_amount, NEW.total_amount, NEW.credit_reason, NEW.source_id, NEW.insurer_mentions)
     IS DISTINCT FROM
     (OLD.company_id, OLD.type, OLD.number, OLD.bill_to, OLD.customer, OLD.delivery_address, OLD.operation_category,
      OLD.tax, OLD.tax_inclusive, OLD.sale_date, OLD.payment_term_days, OLD.issued_at, OLD.due_date, OLD.notes,
      OLD.pre_tax_amount, OLD.tax_amount, OLD.total_amount, OLD.credit_reason, OLD.source_id, OLD.insurer_mentions) THEN
    RAISE EXCEPTION 'Un document émis ne se modifie pas : corrigez-le par un avoir (document %)', OLD.number;
  END IF;
  RETURN NEW;
END
$$;
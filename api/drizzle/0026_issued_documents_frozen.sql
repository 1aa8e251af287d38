ALTER TABLE "billing_documents" DROP CONSTRAINT "billing_documents_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- What an issued document said stays as it was said (CGI art. 289 and BOI-TVA-DECLA-30-10-30: inalterability). Its
-- state moves on (status, paid and credited amounts); the folder, supplier or author it points to may go (SET NULL).
CREATE FUNCTION "billing_documents_issued_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Un document émis ne se supprime pas (document %)', OLD.number;
  END IF;
  IF (NEW.company_id, NEW.type, NEW.number, NEW.bill_to, NEW.customer, NEW.delivery_address, NEW.operation_category,
      NEW.tax, NEW.tax_inclusive, NEW.sale_date, NEW.payment_term_days, NEW.issued_at, NEW.due_date, NEW.notes,
      NEW.pre_tax_amount, NEW.tax_amount, NEW.total_amount, NEW.credit_reason, NEW.source_id)
     IS DISTINCT FROM
     (OLD.company_id, OLD.type, OLD.number, OLD.bill_to, OLD.customer, OLD.delivery_address, OLD.operation_category,
      OLD.tax, OLD.tax_inclusive, OLD.sale_date, OLD.payment_term_days, OLD.issued_at, OLD.due_date, OLD.notes,
      OLD.pre_tax_amount, OLD.tax_amount, OLD.total_amount, OLD.credit_reason, OLD.source_id) THEN
    RAISE EXCEPTION 'Un document émis ne se modifie pas : corrigez-le par un avoir (document %)', OLD.number;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "billing_documents_issued_frozen" BEFORE UPDATE OR DELETE ON "billing_documents"
FOR EACH ROW EXECUTE FUNCTION "billing_documents_issued_frozen"();--> statement-breakpoint
-- The lines of an issued document: none changes nor goes (a deleted product only loses its link, product_id).
CREATE FUNCTION "billing_document_lines_issued_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  issued_number text;
BEGIN
  SELECT number INTO issued_number FROM billing_documents WHERE id = OLD.document_id AND status <> 'draft';
  IF NOT FOUND THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' OR (NEW.document_id, NEW.position, NEW.title, NEW.details, NEW.quantity, NEW.unit_price,
      NEW.remise, NEW.tax_rate, NEW.add_to_stock, NEW.total)
     IS DISTINCT FROM (OLD.document_id, OLD.position, OLD.title, OLD.details, OLD.quantity, OLD.unit_price,
      OLD.remise, OLD.tax_rate, OLD.add_to_stock, OLD.total) THEN
    RAISE EXCEPTION 'Les lignes d''un document émis ne se modifient ni ne se suppriment (document %)', issued_number;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "billing_document_lines_issued_frozen" BEFORE UPDATE OR DELETE ON "billing_document_lines"
FOR EACH ROW EXECUTE FUNCTION "billing_document_lines_issued_frozen"();

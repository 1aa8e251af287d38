-- Documents by e-mail (issue 22): a mail of the outbox may send a quote, an invoice or a credit note, its PDF attached
-- as sent (an issued document's original, byte for byte) with its SHA-256, and a copy to the garage.
ALTER TABLE "outbox" ADD COLUMN "document_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cc" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" "bytea";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_sha256" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_document_idx" ON "outbox" USING btree ("document_id","created_at") WHERE "outbox"."document_id" is not null;
ALTER TABLE "billing_documents" ADD COLUMN "execution_delay" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "quote_fee" integer DEFAULT 0 NOT NULL;
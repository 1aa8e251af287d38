ALTER TABLE "document_originals" ADD COLUMN "canonical" text;--> statement-breakpoint
ALTER TABLE "document_originals" ADD COLUMN "canonical_sha256" text;
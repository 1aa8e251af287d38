ALTER TABLE "companies" ADD COLUMN "registry_kind" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registry_place" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_exemption" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_registry_kind_check" CHECK ("companies"."registry_kind" in ('RCS', 'RM'));--> statement-breakpoint
-- The free "RCS" text becomes the register and its place: "RCS Lyon 823 456 789" or "Lyon 823 456 789" → RCS, Lyon
-- (the number printed after it is the SIREN, read from the SIRET).
UPDATE "companies" SET "registry_kind" = CASE WHEN "rcs" ~* '^\s*RM\M' THEN 'RM' ELSE 'RCS' END,
  "registry_place" = nullif(btrim(regexp_replace(regexp_replace("rcs", '^\s*(RCS|RM)\M', '', 'i'), '[\d\s]+$', '')), '')
WHERE nullif(btrim("rcs"), '') IS NOT NULL;

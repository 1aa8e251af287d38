-- The home page's widgets (pnpm bench:folders, 1,000,000 folders): every widget groups one company's folders of a
-- period by a column of this list, so the index alone answers them (index-only scans); p95 of all widgets at once
-- 227 -> 53 ms for a 20,000-folder garage on PostgreSQL. Written by hand: Drizzle's index builder has no INCLUDE.
CREATE INDEX "folders_dashboard_idx" ON "folders" USING btree ("company_id","created_at") INCLUDE ("status_id","insurer","known_by_id","technician_id","closed_at");--> statement-breakpoint
-- The "closed per month" chart reads folders by closing date.
CREATE INDEX "folders_company_closed_idx" ON "folders" USING btree ("company_id","closed_at") WHERE "closed_at" IS NOT NULL;

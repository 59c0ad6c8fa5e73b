-- The deal forms' pickers list a broker's properties by title and clients by name, 500 at most
-- (deals/options.server.ts). Without an index in that order, a 100,000-row broker's picker on the
-- client page was a parallel scan of the whole table: a broker owning a tenth of a million rows
-- looks like no selective filter to the planner (785 ms, issue 24). Now 500 index entries.
CREATE INDEX "properties_owner_title_idx" ON "properties" USING btree ("owner_id","title","id");--> statement-breakpoint
CREATE INDEX "clients_owner_name_idx" ON "clients" USING btree ("owner_id","full_name","id");
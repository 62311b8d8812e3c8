CREATE INDEX "institutions_logo_id_index" ON "institutions" USING btree ("logo_id");--> statement-breakpoint
CREATE INDEX "people_photo_id_index" ON "people" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "file_versions_asset_id_index" ON "file_versions" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "photos_asset_id_index" ON "photos" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "photos_geo_idx" ON "photos" USING gist ("geo");
ALTER TABLE "coupons" ADD COLUMN "catalog_id" integer;--> statement-breakpoint
ALTER TABLE "gacha_goods" ADD COLUMN "catalog_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_catalog_id_albums_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gacha_goods" ADD CONSTRAINT "gacha_goods_catalog_id_albums_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."albums"("id") ON DELETE set null ON UPDATE no action;
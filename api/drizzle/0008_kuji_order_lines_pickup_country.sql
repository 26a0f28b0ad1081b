ALTER TABLE "deposits" ALTER COLUMN "batch_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "style_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kuji_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kuji_goods_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "award" smallint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "kuji_id" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "kuji_goods_id" integer;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kuji_id_kujis_id_fk" FOREIGN KEY ("kuji_id") REFERENCES "public"."kujis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kuji_goods_id_kuji_goods_id_fk" FOREIGN KEY ("kuji_goods_id") REFERENCES "public"."kuji_goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_kuji_id_kujis_id_fk" FOREIGN KEY ("kuji_id") REFERENCES "public"."kujis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_kuji_goods_id_kuji_goods_id_fk" FOREIGN KEY ("kuji_goods_id") REFERENCES "public"."kuji_goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_kuji_ticket_idx" ON "order_items" USING btree ("kuji_id","case_no","position","kuji_goods_id");--> statement-breakpoint
CREATE INDEX "order_items_kuji_goods_idx" ON "order_items" USING btree ("kuji_goods_id");--> statement-breakpoint
CREATE INDEX "deposits_kuji_idx" ON "deposits" USING btree ("kuji_id","state");
CREATE INDEX "orders_ip_paid_idx" ON "orders" USING btree ("ip_id","pay_time","id");--> statement-breakpoint
CREATE INDEX "orders_ip_amount_idx" ON "orders" USING btree ("ip_id","received_price","id");--> statement-breakpoint
CREATE INDEX "pickups_ip_created_idx" ON "pickups" USING btree ("ip_id","created_at","id");
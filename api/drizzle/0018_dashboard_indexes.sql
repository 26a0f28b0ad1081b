CREATE INDEX "coupon_claims_created_idx" ON "coupon_claims" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_claims_used_idx" ON "coupon_claims" USING btree ("coupon_id","used_at") WHERE "coupon_claims"."used_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_ip_sold_idx" ON "orders" USING btree ("ip_id","pay_time","type","total_pay_price","buy_num","active_id") WHERE "orders"."is_close" = 0 and "orders"."tran_state" in (2, 7);--> statement-breakpoint
CREATE INDEX "orders_ip_settle_idx" ON "orders" USING btree ("ip_id","type","settle_state","merchant_income") WHERE "orders"."tran_state" = 2;--> statement-breakpoint
CREATE INDEX "deposits_ip_state_idx" ON "deposits" USING btree ("ip_id","state");
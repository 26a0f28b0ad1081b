ALTER TABLE "jobs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_user_claimed_idx" ON "jobs" USING btree ("user_id","claimed_at");
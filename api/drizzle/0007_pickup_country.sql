ALTER TABLE "pickups" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "country" text;
CREATE TABLE "mobile_codes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"e164" text NOT NULL,
	"mobile" text NOT NULL,
	"mobile_country_code" text NOT NULL,
	"country_code" text,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_mobile" text;--> statement-breakpoint
ALTER TABLE "mobile_codes" ADD CONSTRAINT "mobile_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_mobile_unique" ON "users" USING btree ("verified_mobile");
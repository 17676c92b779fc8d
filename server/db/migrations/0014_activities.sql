CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'everyone' NOT NULL,
	"source" text NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"distance_m" double precision NOT NULL,
	"moving_s" integer NOT NULL,
	"elapsed_s" integer NOT NULL,
	"elevation_gain_m" double precision,
	"elevation_loss_m" double precision,
	"average_speed_mps" double precision,
	"max_speed_mps" double precision,
	"average_heart_rate" double precision,
	"max_heart_rate" double precision,
	"average_power" double precision,
	"max_power" double precision,
	"average_cadence" double precision,
	"calories" double precision,
	"calories_source" text,
	"has_track" boolean DEFAULT false NOT NULL,
	"line" jsonb,
	"file_sha256" text,
	"original_key" text,
	"original_name" text,
	"search_text" text GENERATED ALWAYS AS (lower(translate("title", 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĲĴĵĶķĹĺĻļĽľĿŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǄǅǇǈǊǋǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǤǦǧǨǩǪǫǬǭǮǯǰǱǲǴǵǶǷǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẞẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹỺỼỾ', 'aaaaaaæceeeeiiiiðnoooooøuuuuyþaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiiĳjjkkllllllŀłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽǆǆǉǉǌǌaaiioouuuuuuuuuuaaaaææǥggkkooooʒʒjǳǳggƕƿnnaaææøøaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwyſßaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyỻỽỿ'))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_subject_id_unique" UNIQUE("subject_id")
);
--> statement-breakpoint
CREATE TABLE "activity_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"bytes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "activity_streams" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"laps" jsonb NOT NULL,
	"device_totals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_views" (
	"activity_id" integer NOT NULL,
	"audience" text NOT NULL,
	"privacy_version" integer NOT NULL,
	"has_hidden_parts" boolean NOT NULL,
	"detail" text NOT NULL,
	"track" text NOT NULL,
	"map_key" text,
	CONSTRAINT "activity_views_activity_id_audience_pk" PRIMARY KEY("activity_id","audience")
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hide_ends_m" double precision DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"centre_lng" double precision NOT NULL,
	"centre_lat" double precision NOT NULL,
	"radius_m" double precision NOT NULL,
	"trim_radius_m" double precision NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_imports" ADD CONSTRAINT "activity_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_streams" ADD CONSTRAINT "activity_streams_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_views" ADD CONSTRAINT "activity_views_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_zones" ADD CONSTRAINT "privacy_zones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_start_id" ON "activities" USING btree ("user_id","start_at","id");--> statement-breakpoint
CREATE INDEX "activities_user_sport_start" ON "activities" USING btree ("user_id","sport_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_user_file" ON "activities" USING btree ("user_id","file_sha256") WHERE "activities"."file_sha256" is not null;--> statement-breakpoint
CREATE INDEX "activities_search_trgm" ON "activities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activity_imports_user_created" ON "activity_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_views_map_key" ON "activity_views" USING btree ("map_key");--> statement-breakpoint
CREATE INDEX "privacy_zones_user" ON "privacy_zones" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feeds_activity" ON "feeds" USING btree ("activity_id") WHERE "feeds"."activity_id" is not null;
import { MigrationInterface, QueryRunner } from 'typeorm';

export class GamesRoomsRatings1795969921902 implements MigrationInterface {
  name = 'GamesRoomsRatings1795969921902';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "games" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "room_id" uuid, "rated" boolean NOT NULL, "turn_seconds" integer, "show_legal_moves" boolean NOT NULL, "black_id" uuid NOT NULL, "white_id" uuid NOT NULL, "black_stand_in" boolean NOT NULL DEFAULT false, "white_stand_in" boolean NOT NULL DEFAULT false, "board" character(64) NOT NULL, "to_move" character varying(5), "ply" integer NOT NULL DEFAULT '0', "status" character varying(8) NOT NULL, "winner" character varying(5), "result_reason" character varying(8), "black_discs" integer, "white_discs" integer, "black_rating_change" double precision, "white_rating_change" double precision, "turn_deadline" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_c9b16b62917b5595af982d66337" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "games_room_idx" ON "games"  ("room_id") `);
    await queryRunner.query(`CREATE INDEX "games_rated_finished_idx" ON "games"  ("finished_at") WHERE rated AND status = 'finished'`);
    await queryRunner.query(`CREATE INDEX "games_deadline_idx" ON "games"  ("turn_deadline") WHERE status = 'active' AND turn_deadline IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "games_white_created_idx" ON "games"  ("white_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "games_black_created_idx" ON "games"  ("black_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "moves" ("game_id" uuid NOT NULL, "ply" integer NOT NULL, "color" character varying(5) NOT NULL, "square" smallint, "pass" boolean NOT NULL, "flipped" smallint array NOT NULL, "by" character varying(6) NOT NULL, "played_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5c45310a3647ec492da2b2048a1" PRIMARY KEY ("game_id", "ply"))`);
    await queryRunner.query(`CREATE TABLE "rating_history" ("game_id" uuid NOT NULL, "player_id" uuid NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "rating_before" double precision NOT NULL, "rd_before" double precision NOT NULL, "volatility_before" double precision NOT NULL, "rating" double precision NOT NULL, "rd" double precision NOT NULL, "volatility" double precision NOT NULL, "delta" double precision NOT NULL, "score" double precision NOT NULL, CONSTRAINT "PK_24b4041597ea67d76b0dd2fd458" PRIMARY KEY ("game_id", "player_id"))`);
    await queryRunner.query(`CREATE INDEX "rating_history_player_idx" ON "rating_history"  ("player_id", "at") `);
    await queryRunner.query(`CREATE TABLE "rooms" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "code" character varying(12) NOT NULL, "host_id" uuid NOT NULL, "rated" boolean NOT NULL DEFAULT false, "turn_seconds" integer, "show_legal_moves" boolean NOT NULL DEFAULT true, "swap_colors" boolean NOT NULL DEFAULT true, "seat1_id" uuid NOT NULL, "seat2_id" uuid, "current_game_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0368a2d7c215f2d0458a54933f2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "rooms_code_uq" ON "rooms"  ("code") `);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "FK_0e5037f0bd741c885849e2b7eb8" FOREIGN KEY ("black_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "FK_840f30ec9f118ec97f0a9c1db56" FOREIGN KEY ("white_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "moves" ADD CONSTRAINT "FK_00ace410c58065fdb784424dc82" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rating_history" ADD CONSTRAINT "FK_f7f5506da38d639d61407048ca2" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rating_history" ADD CONSTRAINT "FK_a2bf994e8d7e8d95c610c46bcb5" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD CONSTRAINT "FK_c321ce5d82bc8347944702405b4" FOREIGN KEY ("seat1_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD CONSTRAINT "FK_878e13b526046d9c3fa4b5c1f95" FOREIGN KEY ("seat2_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rooms" DROP CONSTRAINT "FK_878e13b526046d9c3fa4b5c1f95"`);
    await queryRunner.query(`ALTER TABLE "rooms" DROP CONSTRAINT "FK_c321ce5d82bc8347944702405b4"`);
    await queryRunner.query(`ALTER TABLE "rating_history" DROP CONSTRAINT "FK_a2bf994e8d7e8d95c610c46bcb5"`);
    await queryRunner.query(`ALTER TABLE "rating_history" DROP CONSTRAINT "FK_f7f5506da38d639d61407048ca2"`);
    await queryRunner.query(`ALTER TABLE "moves" DROP CONSTRAINT "FK_00ace410c58065fdb784424dc82"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "FK_840f30ec9f118ec97f0a9c1db56"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "FK_0e5037f0bd741c885849e2b7eb8"`);
    await queryRunner.query(`DROP INDEX "public"."rooms_code_uq"`);
    await queryRunner.query(`DROP TABLE "rooms"`);
    await queryRunner.query(`DROP INDEX "public"."rating_history_player_idx"`);
    await queryRunner.query(`DROP TABLE "rating_history"`);
    await queryRunner.query(`DROP TABLE "moves"`);
    await queryRunner.query(`DROP INDEX "public"."games_black_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."games_white_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."games_deadline_idx"`);
    await queryRunner.query(`DROP INDEX "public"."games_rated_finished_idx"`);
    await queryRunner.query(`DROP INDEX "public"."games_room_idx"`);
    await queryRunner.query(`DROP TABLE "games"`);
  }
}

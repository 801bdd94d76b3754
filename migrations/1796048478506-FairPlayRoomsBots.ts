import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair play, rooms and players side: rooms are never rated (the `rated` column goes) and hold a
 * rematch offer; bot accounts (never guests) with a leaderboard of their own (buckets keyed by
 * kind, the leaderboard index led by it); the leaderboard settings record the rule's version and
 * the RD values the provisional rule uses, so the app rebuilds the flags at its next start.
 */
export class FairPlayRoomsBots1796048478506 implements MigrationInterface {
  name = 'FairPlayRoomsBots1796048478506';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rooms" DROP COLUMN "rated"`);
    await queryRunner.query(`ALTER TABLE "players" ADD "bot" boolean NOT NULL DEFAULT false`);
    // Every bucket so far counts humans (there were no bots).
    await queryRunner.query(`ALTER TABLE "leaderboard_buckets" ADD "bot" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "leaderboard_buckets" ALTER COLUMN "bot" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "leaderboard_buckets" DROP CONSTRAINT "PK_55e206be3e593a5b18cf0bdf055"`);
    // (bot, bucket): a rank sums one kind's buckets above a rating point.
    await queryRunner.query(`ALTER TABLE "leaderboard_buckets" ADD CONSTRAINT "PK_6a0e35e134473c06ffd4ef414bb" PRIMARY KEY ("bot", "bucket")`);
    // Each kind's leaderboard order as one index scan (by hand: TypeORM cannot declare DESC).
    await queryRunner.query(`DROP INDEX "public"."players_leaderboard_idx"`);
    await queryRunner.query(`CREATE INDEX "players_leaderboard_idx" ON "players" ("bot", "rating" DESC, "rd" ASC, "username_key" ASC) WHERE on_leaderboard`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" ADD "rules_version" integer NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" ADD "provisional_rd" double precision`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" ADD "periods_per_day" double precision`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" ADD "max_rd" double precision`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD "rematch_offered_by" uuid`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD "rematch_expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "players" ADD CONSTRAINT "players_guest_bot_ck" CHECK (NOT (guest AND bot))`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD CONSTRAINT "rooms_rematch_ck" CHECK ((rematch_offered_by IS NULL) = (rematch_expires_at IS NULL))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rooms" DROP CONSTRAINT "rooms_rematch_ck"`);
    await queryRunner.query(`ALTER TABLE "players" DROP CONSTRAINT "players_guest_bot_ck"`);
    await queryRunner.query(`ALTER TABLE "rooms" DROP COLUMN "rematch_expires_at"`);
    await queryRunner.query(`ALTER TABLE "rooms" DROP COLUMN "rematch_offered_by"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" DROP COLUMN "max_rd"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" DROP COLUMN "periods_per_day"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" DROP COLUMN "provisional_rd"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_settings" DROP COLUMN "rules_version"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_buckets" DROP CONSTRAINT "PK_6a0e35e134473c06ffd4ef414bb"`);
    await queryRunner.query(`DELETE FROM "leaderboard_buckets" WHERE bot`);
    await queryRunner.query(`ALTER TABLE "leaderboard_buckets" ADD CONSTRAINT "PK_55e206be3e593a5b18cf0bdf055" PRIMARY KEY ("bucket")`);
    await queryRunner.query(`ALTER TABLE "leaderboard_buckets" DROP COLUMN "bot"`);
    await queryRunner.query(`DROP INDEX "public"."players_leaderboard_idx"`);
    await queryRunner.query(`CREATE INDEX "players_leaderboard_idx" ON "players" ("rating" DESC, "rd" ASC, "username_key" ASC) WHERE on_leaderboard`);
    // Bots become ordinary players again: off the leaderboard until the next rebuild.
    await queryRunner.query(`UPDATE "players" SET on_leaderboard = false WHERE bot`);
    await queryRunner.query(`UPDATE "leaderboard_settings" SET min_games = -1`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "bot"`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD "rated" boolean NOT NULL DEFAULT false`);
  }
}

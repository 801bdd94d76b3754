import { MigrationInterface, QueryRunner } from 'typeorm';

export class LeaderboardBuckets1795971998293 implements MigrationInterface {
  name = 'LeaderboardBuckets1795971998293';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "leaderboard_buckets" ("bucket" integer NOT NULL, "players" integer NOT NULL, CONSTRAINT "PK_55e206be3e593a5b18cf0bdf055" PRIMARY KEY ("bucket"))`);
    await queryRunner.query(`CREATE TABLE "leaderboard_settings" ("id" smallint NOT NULL, "min_games" integer NOT NULL, "active_days" integer NOT NULL, "rebuilt_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0580105c194bbc71cb9fb0048f3" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "players" ADD "on_leaderboard" boolean NOT NULL DEFAULT false`);
    // The leaderboard order over just the players on it (by hand: TypeORM cannot declare DESC).
    await queryRunner.query(`DROP INDEX "public"."players_leaderboard_idx"`);
    await queryRunner.query(`CREATE INDEX "players_leaderboard_idx" ON "players" ("rating" DESC, "rd" ASC, "username_key" ASC) WHERE on_leaderboard`);
    // Flags and buckets are filled by the app at start (LeaderboardService.rebuild: no settings row yet).
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."players_leaderboard_idx"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "on_leaderboard"`);
    await queryRunner.query(
      `CREATE INDEX "players_leaderboard_idx" ON "players" ("rating" DESC, "rd" ASC, "username_key" ASC) INCLUDE ("games", "last_rated_at") WHERE NOT guest`,
    );
    await queryRunner.query(`DROP TABLE "leaderboard_settings"`);
    await queryRunner.query(`DROP TABLE "leaderboard_buckets"`);
  }
}

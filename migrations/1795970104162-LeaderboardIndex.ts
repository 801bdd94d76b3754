import { MigrationInterface, QueryRunner } from 'typeorm';

/** The leaderboard's order, rating DESC then RD then name, as one index scan (TypeORM cannot declare DESC). */
export class LeaderboardIndex1795970104162 implements MigrationInterface {
  name = 'LeaderboardIndex1795970104162';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."players_leaderboard_idx"`);
    await queryRunner.query(
      `CREATE INDEX "players_leaderboard_idx" ON "players" ("rating" DESC, "rd" ASC, "username_key" ASC) INCLUDE ("games", "last_rated_at") WHERE NOT guest`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."players_leaderboard_idx"`);
    await queryRunner.query(`CREATE INDEX "players_leaderboard_idx" ON "players" ("rating", "rd", "username_key") WHERE NOT guest`);
  }
}

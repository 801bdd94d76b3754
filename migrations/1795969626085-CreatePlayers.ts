import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePlayers1795969626085 implements MigrationInterface {
  name = 'CreatePlayers1795969626085';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "players" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "username" character varying(40) NOT NULL, "username_key" character varying(40) NOT NULL, "password_hash" text, "guest" boolean NOT NULL DEFAULT false, "rating" double precision NOT NULL, "rd" double precision NOT NULL, "volatility" double precision NOT NULL, "games" integer NOT NULL DEFAULT '0', "wins" integer NOT NULL DEFAULT '0', "draws" integer NOT NULL DEFAULT '0', "losses" integer NOT NULL DEFAULT '0', "last_rated_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_de22b8fdeee0c33ab55ae71da3b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "players_username_key_uq" ON "players"  ("username_key") `);
    await queryRunner.query(`CREATE INDEX "players_leaderboard_idx" ON "players"  ("rating", "rd", "username_key") WHERE NOT guest`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."players_leaderboard_idx"`);
    await queryRunner.query(`DROP INDEX "public"."players_username_key_uq"`);
    await queryRunner.query(`DROP TABLE "players"`);
  }
}

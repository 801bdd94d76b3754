import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Presence-bound queue tickets (last_seen_at; a cancelled ticket's reason; ended_at) and the
 * player_events table behind /api/me/events ids and Last-Event-ID resume.
 */
export class QueuePresencePlayerEvents1796048290982 implements MigrationInterface {
  name = 'QueuePresencePlayerEvents1796048290982';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "player_events" ("id" BIGSERIAL NOT NULL, "player_id" uuid NOT NULL, "event" character varying(32) NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_de2cdbaf39d81913500b2e36311" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "player_events_created_idx" ON "player_events"  ("created_at") `);
    await queryRunner.query(`CREATE INDEX "player_events_player_idx" ON "player_events"  ("player_id", "id") `);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD "reason" character varying(6)`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD "ended_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "queue_tickets" SET "reason" = 'left', "ended_at" = "joined_at" WHERE "state" = 'cancelled'`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_reason_ck" CHECK (reason IS NULL OR (reason IN ('left', 'absent') AND state = 'cancelled'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP CONSTRAINT "queue_tickets_reason_ck"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP COLUMN "ended_at"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP COLUMN "last_seen_at"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP COLUMN "reason"`);
    await queryRunner.query(`DROP INDEX "public"."player_events_player_idx"`);
    await queryRunner.query(`DROP INDEX "public"."player_events_created_idx"`);
    await queryRunner.query(`DROP TABLE "player_events"`);
  }
}

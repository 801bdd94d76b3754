import { MigrationInterface, QueryRunner } from 'typeorm';

export class QueueTickets1795970322423 implements MigrationInterface {
  name = 'QueueTickets1795970322423';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "queue_tickets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "player_id" uuid NOT NULL, "mode" character varying(8) NOT NULL, "turn_seconds" integer, "state" character varying(9) NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "game_id" uuid, CONSTRAINT "PK_1b903aa90bcc04136caa6540c55" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "queue_tickets_player_idx" ON "queue_tickets"  ("player_id", "joined_at") `);
    await queryRunner.query(`CREATE INDEX "queue_tickets_waiting_idx" ON "queue_tickets"  ("mode", "turn_seconds", "joined_at") WHERE state = 'waiting'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "queue_tickets_one_waiting_uq" ON "queue_tickets"  ("player_id") WHERE state = 'waiting'`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD CONSTRAINT "FK_00f6d7ea5bcbefe4696c5d7c43d" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP CONSTRAINT "FK_00f6d7ea5bcbefe4696c5d7c43d"`);
    await queryRunner.query(`DROP INDEX "public"."queue_tickets_one_waiting_uq"`);
    await queryRunner.query(`DROP INDEX "public"."queue_tickets_waiting_idx"`);
    await queryRunner.query(`DROP INDEX "public"."queue_tickets_player_idx"`);
    await queryRunner.query(`DROP TABLE "queue_tickets"`);
  }
}

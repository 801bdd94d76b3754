import { MigrationInterface, QueryRunner } from 'typeorm';

export class GameRoomCode1795974830175 implements MigrationInterface {
  name = 'GameRoomCode1795974830175';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" ADD "room_code" character varying(12)`);
    await queryRunner.query(`UPDATE "games" g SET "room_code" = r."code" FROM "rooms" r WHERE r."id" = g."room_id"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "room_code"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** The ROOMS_PER_HOUR cap counts a host's rooms of the last hour. */
export class RoomsHostCreatedIndex1795980104217 implements MigrationInterface {
  name = 'RoomsHostCreatedIndex1795980104217';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "rooms_host_created_idx" ON "rooms" ("host_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."rooms_host_created_idx"`);
  }
}

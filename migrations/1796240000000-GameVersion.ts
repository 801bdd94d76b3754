import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A game row's version: 0 when inserted, one more with every UPDATE of the row, whoever makes it
 * (a trigger, so no writer can forget it: the app's statements, an operator's SQL, a test's). A
 * step's conditional write names the version it decided on, so a copy may decide on a game it
 * read earlier (its cache): a row changed since, in any column, refuses the write.
 */
export class GameVersion1796240000000 implements MigrationInterface {
  name = 'GameVersion1796240000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" ADD "version" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE FUNCTION games_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := OLD.version + 1;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER games_version_bump BEFORE UPDATE ON "games" FOR EACH ROW EXECUTE FUNCTION games_version_bump()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER games_version_bump ON "games"`);
    await queryRunner.query(`DROP FUNCTION games_version_bump()`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "version"`);
  }
}

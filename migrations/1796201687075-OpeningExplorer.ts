import { MigrationInterface, QueryRunner } from 'typeorm';
import { MASTER_SOURCE, masterGames, masterIndexRows } from '../src/openings/master-data.js';

/** Rows per INSERT of the master games' index (five arrays of this many values). */
const CHUNK = 10_000;

/**
 * The opening explorer's position index (explorer_moves), the data sets loaded into it, and the
 * rated games already summed into it; then the shipped master games (data/, see data/README.md)
 * are loaded, once: a database that has them (explorer_sources) is left as it is. Keyed as
 * src/openings/domain/symmetry.ts keys positions today: a change of key is a new migration that
 * empties and reloads the index.
 */
export class OpeningExplorer1796201687075 implements MigrationInterface {
  name = 'OpeningExplorer1796201687075';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "explorer_moves" ("source" character varying(6) NOT NULL, "parent_key" character(65) NOT NULL, "child_key" character(65) NOT NULL, "games" integer NOT NULL, "black_half_points" integer NOT NULL, "disc_diff" integer NOT NULL, CONSTRAINT "explorer_moves_counts_ck" CHECK (games > 0 AND black_half_points BETWEEN 0 AND 2 * games), CONSTRAINT "explorer_moves_source_ck" CHECK (source IN ('master', 'ladder')), CONSTRAINT "PK_a51c10d0e416bd7d7f7fe875a3c" PRIMARY KEY ("source", "parent_key", "child_key"))`);
    await queryRunner.query(`CREATE INDEX "explorer_moves_child_idx" ON "explorer_moves"  ("source", "child_key") `);
    await queryRunner.query(`CREATE TABLE "explorer_sources" ("name" character varying(64) NOT NULL, "games" integer NOT NULL, "loaded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_705f35ba6b496447347abe55b58" PRIMARY KEY ("name"))`);
    await queryRunner.query(`CREATE TABLE "explorer_ladder_games" ("game_id" uuid NOT NULL, "indexed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_42072bc664c138a702956b180a9" PRIMARY KEY ("game_id"))`);
    await queryRunner.query(`ALTER TABLE "explorer_ladder_games" ADD CONSTRAINT "FK_42072bc664c138a702956b180a9" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await loadMasterGames(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "explorer_ladder_games" DROP CONSTRAINT "FK_42072bc664c138a702956b180a9"`);
    await queryRunner.query(`DROP TABLE "explorer_ladder_games"`);
    await queryRunner.query(`DROP TABLE "explorer_sources"`);
    await queryRunner.query(`DROP INDEX "public"."explorer_moves_child_idx"`);
    await queryRunner.query(`DROP TABLE "explorer_moves"`);
  }
}

async function loadMasterGames(queryRunner: QueryRunner): Promise<void> {
  const claimed = await queryRunner.query(`INSERT INTO explorer_sources (name, games) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name`, [MASTER_SOURCE, masterGames().length]);
  if (claimed.length === 0) return;
  const rows = masterIndexRows();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await queryRunner.query(
      `INSERT INTO explorer_moves (source, parent_key, child_key, games, black_half_points, disc_diff)
       SELECT 'master', * FROM unnest($1::char(65)[], $2::char(65)[], $3::int[], $4::int[], $5::int[])`,
      [chunk.map((r) => r.parent), chunk.map((r) => r.child), chunk.map((r) => r.games), chunk.map((r) => r.blackHalfPoints), chunk.map((r) => r.discDiff)],
    );
  }
}

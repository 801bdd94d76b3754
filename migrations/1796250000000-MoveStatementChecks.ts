import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The same guarantees for `games` and `moves`, at a lower price for the move path's one statement.
 *
 * PostgreSQL rebuilds every CHECK constraint of a table from its stored text (parse, constant
 * folding, compilation) in each statement that writes a row of it; a domain's constraints are
 * built once per connection and kept. So the one-column rules become domains (a value outside
 * them is refused wherever it is written, as before), the rules between columns stay CHECKs, and
 * two of these shrink to the same guarantee: the computer level's range moves into a domain,
 * leaving `computer_level IS NULL OR NOT rated`, and a move's square reads
 * `pass = (square IS NULL) AND square BETWEEN 0 AND 63` (a pass's null square makes the range
 * unknown, which a CHECK lets through).
 *
 * A scalar of a domain reaches the client as its base type, but an array built from such a
 * column (array_agg, ARRAY(SELECT …)) has the domain's array type, which node-postgres does not
 * parse: cast the column to its base type in there (the square, the one column such arrays are
 * made of, stays a plain smallint for that reason).
 *
 * The version trigger only runs when a write does not already set the row's version to the old
 * one plus one: the move statement does (and skips the trigger's call); any other writer, or one
 * that sets another value, still gets the old version plus one, so none can forget it.
 */
export class MoveStatementChecks1796250000000 implements MigrationInterface {
  name = 'MoveStatementChecks1796250000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The columns take the domains while these have no rule yet (the same values: no rewrite of
    // the tables or their indexes); each rule then checks the rows once, with a scan.
    for (const [domain, base] of DOMAINS) await queryRunner.query(`CREATE DOMAIN "${domain}" AS ${base}`);
    await queryRunner.query(`ALTER TABLE "games" ${GAMES_COLUMNS.map(([column, domain]) => `ALTER COLUMN "${column}" TYPE "${domain}"`).join(', ')}`);
    await queryRunner.query(`ALTER TABLE "moves" ${MOVES_COLUMNS.map(([column, domain]) => `ALTER COLUMN "${column}" TYPE "${domain}"`).join(', ')}`);
    for (const [domain, , rule] of DOMAINS) await queryRunner.query(`ALTER DOMAIN "${domain}" ADD CONSTRAINT "${domain}_ck" CHECK (${rule})`);
    await queryRunner.query(`ALTER TABLE "games" ${GAMES_CHECKS.map(([name]) => `DROP CONSTRAINT "${name}"`).join(', ')}`);
    await queryRunner.query(`ALTER TABLE "moves" ${MOVES_CHECKS.map(([name]) => `DROP CONSTRAINT "${name}"`).join(', ')}`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_computer_level_ck" CHECK (computer_level IS NULL OR NOT rated)`);
    await queryRunner.query(`ALTER TABLE "moves" ADD CONSTRAINT "moves_square_ck" CHECK (pass = (square IS NULL) AND square BETWEEN 0 AND 63)`);
    await queryRunner.query(`DROP TRIGGER games_version_bump ON "games"`);
    await queryRunner.query(
      `CREATE TRIGGER games_version_bump BEFORE UPDATE ON "games" FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version + 1) EXECUTE FUNCTION games_version_bump()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER games_version_bump ON "games"`);
    await queryRunner.query(`CREATE TRIGGER games_version_bump BEFORE UPDATE ON "games" FOR EACH ROW EXECUTE FUNCTION games_version_bump()`);
    await queryRunner.query(`ALTER TABLE "moves" DROP CONSTRAINT "moves_square_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_computer_level_ck"`);
    const base = (domain: string) => DOMAINS.find(([d]) => d === domain)![1];
    await queryRunner.query(`ALTER TABLE "moves" ${MOVES_COLUMNS.map(([column, domain]) => `ALTER COLUMN "${column}" TYPE ${base(domain)}`).join(', ')}`);
    await queryRunner.query(`ALTER TABLE "games" ${GAMES_COLUMNS.map(([column, domain]) => `ALTER COLUMN "${column}" TYPE ${base(domain)}`).join(', ')}`);
    for (const [name, rule] of MOVES_CHECKS) await queryRunner.query(`ALTER TABLE "moves" ADD CONSTRAINT "${name}" CHECK (${rule})`);
    for (const [name, rule] of GAMES_CHECKS) await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "${name}" CHECK (${rule})`);
    for (const [domain] of DOMAINS) await queryRunner.query(`DROP DOMAIN "${domain}"`);
  }
}

/** Each domain: its name, its base type (the column's type before) and its rule. */
const DOMAINS: readonly (readonly [string, string, string])[] = [
  ['game_colour', 'character varying(5)', `VALUE IN ('black', 'white')`],
  ['game_status', 'character varying(8)', `VALUE IN ('active', 'finished', 'aborted')`],
  ['game_result_reason', 'character varying(9)', `VALUE IN ('board', 'resign', 'abandoned', 'aborted', 'time')`],
  ['game_board', 'character(64)', `VALUE ~ '^[BW.]{64}$'`],
  ['game_ply', 'integer', `VALUE >= 0`],
  ['game_turn_seconds', 'integer', `VALUE IN (30, 60)`],
  ['game_stand_in_count', 'smallint', `VALUE >= 0`],
  ['game_computer_level', 'smallint', `VALUE BETWEEN 1 AND 8`],
  ['move_by', 'character varying(6)', `VALUE IN ('player', 'cpu')`],
];

const GAMES_COLUMNS: readonly (readonly [string, string])[] = [
  ['status', 'game_status'],
  ['to_move', 'game_colour'],
  ['winner', 'game_colour'],
  ['aborted_by', 'game_colour'],
  ['result_reason', 'game_result_reason'],
  ['board', 'game_board'],
  ['ply', 'game_ply'],
  ['turn_seconds', 'game_turn_seconds'],
  ['black_cpu_moves', 'game_stand_in_count'],
  ['white_cpu_moves', 'game_stand_in_count'],
  ['black_takeovers', 'game_stand_in_count'],
  ['white_takeovers', 'game_stand_in_count'],
  ['computer_level', 'game_computer_level'],
];

const MOVES_COLUMNS: readonly (readonly [string, string])[] = [
  ['color', 'game_colour'],
  ['by', 'move_by'],
  ['ply', 'game_ply'],
];

/** The CHECKs the domains (and the two smaller CHECKs) replace, as the earlier migrations made them. */
const GAMES_CHECKS: readonly (readonly [string, string])[] = [
  ['games_status_ck', `status IN ('active', 'finished', 'aborted')`],
  ['games_to_move_ck', `to_move IN ('black', 'white')`],
  ['games_winner_ck', `winner IN ('black', 'white')`],
  ['games_reason_ck', `result_reason IN ('board', 'resign', 'abandoned', 'aborted', 'time')`],
  ['games_board_ck', `board ~ '^[BW.]{64}$'`],
  ['games_ply_ck', `ply >= 0`],
  ['games_turn_seconds_ck', `turn_seconds IN (30, 60)`],
  ['games_aborted_by_ck', `aborted_by IN ('black', 'white')`],
  ['games_computer_level_ck', `computer_level IS NULL OR (computer_level BETWEEN 1 AND 8 AND NOT rated)`],
  ['games_stand_in_counts_ck', `black_cpu_moves >= 0 AND white_cpu_moves >= 0 AND black_takeovers >= 0 AND white_takeovers >= 0`],
];

const MOVES_CHECKS: readonly (readonly [string, string])[] = [
  ['moves_color_ck', `color IN ('black', 'white')`],
  ['moves_by_ck', `by IN ('player', 'cpu')`],
  ['moves_square_ck', `(pass AND square IS NULL) OR (NOT pass AND square BETWEEN 0 AND 63)`],
  ['moves_ply_ck', `ply >= 0`],
];

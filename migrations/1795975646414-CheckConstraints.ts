import { MigrationInterface, QueryRunner } from 'typeorm';

export class CheckConstraints1795975646414 implements MigrationInterface {
  name = 'CheckConstraints1795975646414';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "players" ADD CONSTRAINT "players_guest_password_ck" CHECK (NOT guest OR password_hash IS NULL)`);
    await queryRunner.query(`ALTER TABLE "players" ADD CONSTRAINT "players_counts_ck" CHECK (games >= 0 AND wins >= 0 AND draws >= 0 AND losses >= 0 AND wins + draws + losses = games)`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_seats_ck" CHECK (black_id <> white_id)`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_turn_seconds_ck" CHECK (turn_seconds IN (30, 60))`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_ply_ck" CHECK (ply >= 0)`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_board_ck" CHECK (board ~ '^[BW.]{64}$')`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_reason_ck" CHECK (result_reason IN ('board', 'resign', 'aborted'))`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_winner_ck" CHECK (winner IN ('black', 'white'))`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_to_move_ck" CHECK (to_move IN ('black', 'white'))`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_status_ck" CHECK (status IN ('active', 'finished', 'aborted'))`);
    await queryRunner.query(`ALTER TABLE "moves" ADD CONSTRAINT "moves_ply_ck" CHECK (ply >= 0)`);
    await queryRunner.query(`ALTER TABLE "moves" ADD CONSTRAINT "moves_square_ck" CHECK ((pass AND square IS NULL) OR (NOT pass AND square BETWEEN 0 AND 63))`);
    await queryRunner.query(`ALTER TABLE "moves" ADD CONSTRAINT "moves_by_ck" CHECK (by IN ('player', 'cpu'))`);
    await queryRunner.query(`ALTER TABLE "moves" ADD CONSTRAINT "moves_color_ck" CHECK (color IN ('black', 'white'))`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_turn_seconds_ck" CHECK (turn_seconds IN (30, 60))`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_state_ck" CHECK (state IN ('waiting', 'matched', 'cancelled'))`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_mode_ck" CHECK (mode IN ('ranked', 'unranked'))`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD CONSTRAINT "rooms_turn_seconds_ck" CHECK (turn_seconds IN (30, 60))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rooms" DROP CONSTRAINT "rooms_turn_seconds_ck"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP CONSTRAINT "queue_tickets_mode_ck"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP CONSTRAINT "queue_tickets_state_ck"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP CONSTRAINT "queue_tickets_turn_seconds_ck"`);
    await queryRunner.query(`ALTER TABLE "moves" DROP CONSTRAINT "moves_color_ck"`);
    await queryRunner.query(`ALTER TABLE "moves" DROP CONSTRAINT "moves_by_ck"`);
    await queryRunner.query(`ALTER TABLE "moves" DROP CONSTRAINT "moves_square_ck"`);
    await queryRunner.query(`ALTER TABLE "moves" DROP CONSTRAINT "moves_ply_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_status_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_to_move_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_winner_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_reason_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_board_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_ply_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_turn_seconds_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_seats_ck"`);
    await queryRunner.query(`ALTER TABLE "players" DROP CONSTRAINT "players_counts_ck"`);
    await queryRunner.query(`ALTER TABLE "players" DROP CONSTRAINT "players_guest_password_ck"`);
  }
}

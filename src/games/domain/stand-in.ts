/**
 * The stand-in's rule on one seat, in the plain facts that both the server's game and the
 * client's copy of it hold: whether the CPU holds the seat now, and how many moves it played for it.
 * The game's transitions and the board page's result text both read it from here.
 */
export interface SeatStandIn {
  standIn: boolean;
  cpuMoves: number;
}

/** Over a ranked game's limit: the CPU has played more moves for the seat than the game allows (null: no limit). */
export function overStandInLimitFor(cpuMoves: number, standInMoves: number | null): boolean {
  return standInMoves !== null && cpuMoves > standInMoves;
}

/** The seat abandoned the game if it ended now: the CPU still holds it, or played over the limit for it, whoever is ahead. */
export function seatAbandoned(seat: SeatStandIn, standInMoves: number | null): boolean {
  return seat.standIn || overStandInLimitFor(seat.cpuMoves, standInMoves);
}

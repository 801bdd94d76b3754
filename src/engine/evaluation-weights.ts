/**
 * Written by scripts/fit-evaluation.ts (do not edit): the weights of src/engine/evaluation.ts, in
 * hundredths of a disc per unit of each feature (bias, corners, x-squares, c-squares, edges, mobility, potential-mobility, discs, parity), one row per stage of
 * 4 empties (row 0: 1-4 empties). Fitted on 346936 positions of 5799 WTHOR games;
 * mean absolute error against the final result on the 86739 positions of the other 1449 games, in discs:
 *   empties 1-4: 7.0 (disc count: 13.1), 5657 positions
 *   empties 5-8: 10.6 (disc count: 20.7), 5759 positions
 *   empties 9-12: 12.5 (disc count: 24.6), 5778 positions
 *   empties 13-16: 13.6 (disc count: 25.9), 5791 positions
 *   empties 17-20: 14.7 (disc count: 26.1), 5794 positions
 *   empties 21-24: 15.4 (disc count: 26.0), 5796 positions
 *   empties 25-28: 16.5 (disc count: 25.5), 5796 positions
 *   empties 29-32: 17.4 (disc count: 24.9), 5796 positions
 *   empties 33-36: 18.2 (disc count: 24.2), 5796 positions
 *   empties 37-40: 18.9 (disc count: 23.6), 5796 positions
 *   empties 41-44: 19.6 (disc count: 23.1), 5796 positions
 *   empties 45-48: 20.4 (disc count: 22.7), 5796 positions
 *   empties 49-52: 21.3 (disc count: 22.4), 5796 positions
 *   empties 53-56: 22.0 (disc count: 22.2), 5796 positions
 *   empties 57-60: 22.1 (disc count: 22.2), 5796 positions
 * (Human games: the result is what the players made of the position, not its value under best
 * play, so these errors bound how well any evaluation could match them.)
 */
export const STAGE_WEIGHTS: readonly (readonly number[])[] = [
  [100, 209, -45, -181, -31, 689, -115, 95, 172],
  [-34, 456, -150, -284, -34, 584, -134, 60, 130],
  [-103, 640, -196, -314, -20, 482, -111, 25, 127],
  [-184, 816, -267, -280, -5, 382, -62, -7, 112],
  [-260, 990, -343, -255, 20, 310, -30, -37, 110],
  [-310, 1195, -436, -245, 36, 270, -18, -63, 129],
  [-352, 1362, -450, -192, 53, 225, 15, -82, 136],
  [-377, 1698, -482, -133, 57, 203, 39, -94, 144],
  [-415, 1957, -625, -158, 81, 182, 55, -114, 151],
  [-439, 1923, -618, -143, 76, 177, 75, -123, 154],
  [-461, 1952, -778, -88, 84, 169, 98, -125, 170],
  [-509, 1123, -997, -179, 64, 111, 136, -106, 229],
  [-449, 194, -1130, -1062, -24, 132, 96, -116, 276],
  [-69, 0, -445, -506, 67, 112, -1, -89, 129],
  [-49, 0, 0, 0, 0, 64, -69, -226, -29],
];

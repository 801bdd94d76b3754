/**
 * Every English text of the rules page (/rules), the lesson (/learn, the browser client's
 * src/client/learn/) and the links to them from other pages: one plain object of keys → ICU
 * MessageFormat messages, ready to move into the site's catalogues (src/i18n) when they land.
 * Written from the facts of the seed page "Reversi: rules and how to play" (RULES.md), in our words.
 */
import { formatMessage, type MessageParams } from './format-message.js';

export const RULES_MESSAGES_EN = {
  // ---- links from other pages ----
  'rules.links.rules': 'Rules',
  'rules.links.rulesLong': 'How to play: the rules',
  'rules.links.learn': 'Learn on the board (3 minutes)',
  'rules.links.playWithRules': 'Play now with these rules',

  // ---- shared words ----
  'rules.duration.seconds': '{n, plural, one {# second} other {# seconds}}',
  'rules.duration.minutes': '{n, plural, one {# minute} other {# minutes}}',
  'rules.duration.hours': '{n, plural, one {# hour} other {# hours}}',

  // ---- the rules page ----
  'rules.pageTitle': 'Rules',
  'rules.title': 'Reversi: rules and how to play',
  'rules.lede':
    'Reversi (called Othello in Japan) is a game for two that takes about ten minutes. Trap your opponent’s discs between yours to turn them your colour; whoever has more discs at the end wins. Play it here in your browser, free, as a guest or with an account.',
  'rules.toc': 'On this page',

  'rules.what.title': 'What Reversi is and how you win',
  'rules.what.body':
    'Black and White take turns placing discs on an 8×8 board. Each disc you place must trap a line of your opponent’s discs between itself and another of your discs, and the trapped discs turn over to your colour. When the board is full, or neither player can move, whoever has more discs wins. In Japan the game is also called Othello.',

  'rules.setup.title': 'Setting up: the board and the first four discs',
  'rules.setup.players': 'Two players, an 8×8 board, and discs that are black on one side and white on the other.',
  'rules.setup.centre': 'The four centre squares start with two discs of each colour, each colour on a diagonal: {white} white, {black} black.',
  'rules.setup.first': 'Black moves first; then the players take turns.',

  'rules.playing.title': 'Playing: placing and flipping',
  'rules.playing.turns': 'Starting with Black, the players take turns placing one disc each.',
  'rules.playing.where': 'You may place a disc only where it traps at least one of your opponent’s discs between it and one of yours, in a straight line: across, up and down, or diagonally.',
  'rules.playing.flip': 'Every disc trapped by that move turns to your colour; no other disc changes.',
  'rules.playing.pass': 'With no legal square, your turn is skipped automatically and your opponent plays on.',
  'rules.playing.still': 'A disc never moves once it is placed: it can only be flipped.',

  'rules.legal.title': 'Legal squares and which discs flip',
  'rules.legal.body':
    'A square is legal when a disc placed there outflanks at least one opposing disc: a straight, unbroken line of your opponent’s discs with your new disc at one end and another of your discs at the other. Check all 8 directions (across, up and down, and both diagonals): every outflanked line flips, all at once.',
  'rules.legal.gap': 'An empty square in the line breaks it: nothing is outflanked across a gap.',
  'rules.legal.all': 'When a move outflanks in several directions, all of those lines flip, even ones you would rather not flip.',
  'rules.legal.noChain': 'Discs that have just flipped do not flip others: there is no chain reaction. Only the lines running from the disc you placed count.',
  'rules.legal.dots': 'On this site, light dots show your legal squares on your turn; the host of a room can turn them off.',

  'rules.pass.title': 'No move: the turn passes',
  'rules.pass.body':
    'Your turn passes only when you have no legal square; your opponent then plays again. If you have a legal square, you must play one: a pass is never a choice.',
  'rules.pass.auto': 'Here the pass is automatic: the server passes for you, and both players see it.',
  'rules.pass.end': 'When neither player can move, the game is over, even with empty squares left.',

  'rules.end.title': 'The end and the result',
  'rules.end.when': 'The game ends when the board is full or neither player can move.',
  'rules.end.most': 'Whoever has more discs on the board at the end wins.',
  'rules.end.draw': 'Equal counts are a draw.',

  'rules.othello.title': 'Reversi and Othello',
  'rules.othello.body':
    'Othello is a registered trademark of Othello Co. for a commercial edition of the same game. The core is the same: an 8×8 board, outflank and flip, most discs wins.',
  'rules.othello.start': 'Here the game starts with two black and two white discs crossed in the centre, and Black moves first.',
  'rules.othello.standard': 'The standard rules apply: you pass only when you cannot move, and equal counts are a draw.',

  'rules.first.title': 'What to learn first',
  'rules.first.body': 'Look for the squares that outflank. Remember that corner discs never flip, and that the count in the middle of a game decides nothing.',
  'rules.first.corners': 'The four corners can never be outflanked: a disc there keeps its colour to the end.',
  'rules.first.count': 'The last few moves can change the count a lot: you can win from behind.',
  'rules.first.moves': 'A game has at most {moves} moves: {squares} squares minus the {start} discs already on the board at the start.',

  'rules.diagram.source': 'From a real game ({event}), after {moves}.',
  'rules.diagram.start.title': 'The start position',
  'rules.diagram.start.desc': 'The four centre discs: {white} white, {black} black. Black moves first; the {count} dots mark Black’s legal squares: {legal}.',
  'rules.diagram.flip.title': 'One disc, {directions, plural, one {one direction} other {# directions}}',
  'rules.diagram.flip.desc':
    '{color, select, black {Black} other {White}} plays {square} (red dot). It outflanks {directions, plural, one {one line} other {# lines}} at once, and all {flippedCount} discs in them flip: {flipped} (ringed, with each line drawn in gold).{unflippedCount, plural, =0 {} one { {unflipped} also touches {square}, but its line ends at an empty square, so it does not flip.} other { {unflipped} also touch {square}, but their lines end at an empty square, so they do not flip.}}',
  'rules.diagram.pass.title': '{passer, select, black {Black} other {White}} must pass',
  'rules.diagram.pass.desc':
    '{mover, select, black {Black} other {White}} plays {square} and flips {flipped}. {passer, select, black {Black} other {White}} has {passerDiscs} discs on the board but no legal square: the turn passes automatically, and {mover, select, black {Black} other {White}} plays again, with {moverLegal} to choose from.',
  'rules.diagram.corner.title': 'A corner never flips',
  'rules.diagram.corner.desc':
    '{color, select, black {Black} other {White}} takes the corner {square} (framed), flipping {flipped}. No line runs through a corner with a square beyond it, so nothing can ever outflank {square}: that disc stays {color, select, black {black} other {white}} until the end.',

  'rules.site.title': 'This site’s settings',
  'rules.site.item': 'Item',
  'rules.site.value': 'On this site',
  'rules.site.players': 'Players',
  'rules.site.playersValue': '{players} players: the queue pairs you with an opponent, or a room seats its host and the player they invite.',
  'rules.site.turnLimit': 'Turn time limit',
  'rules.site.turnLimitValue': 'None by default; the host of a room can set {choices} seconds per move, and so can you when you join the queue.',
  'rules.site.dropOut': 'If a player drops out mid-game',
  'rules.site.dropOutValue':
    'Open the game again on the same device (or sign in again) and you are back in your seat. If you do not come back, a CPU player plays for you: without a turn limit, after {takeover} away (or {idle} without a move while the game is open); with a turn limit, as soon as the time for the move runs out. If the CPU is still playing for you when the game ends, you lose: the game counts as abandoned.',
  'rules.site.draws': 'Draws',
  'rules.site.drawsValue': 'In ranked games, a draw counts for your rating as halfway between a win and a loss (a score of {score}).',
  'rules.site.source': 'Rules',
  'rules.site.sourceValue': 'The standard reference rules. The server flips the discs itself, so there is never a disc to put right.',

  'rules.house.title': 'House settings',
  'rules.house.body': 'The defaults follow the standard rules. The host of a room can change them for the room’s games.',
  'rules.house.name': 'Setting',
  'rules.house.details': 'What it does',
  'rules.house.default': 'Default',
  'rules.house.changeable': 'Can it be changed?',
  'rules.house.legal': 'Show legal squares',
  'rules.house.legalDetails': 'Light dots show where you can play on your turn.',
  'rules.house.swap': 'Swap who plays first',
  'rules.house.swapDetails': 'After each game in a room, the other player takes Black (and moves first).',
  'rules.house.turnLimit': 'Turn time limit',
  'rules.house.turnLimitDetails': 'Seconds for each move; when they run out, the CPU plays for you.',
  'rules.house.boardSize': 'Board size',
  'rules.house.boardSizeDetails': 'The size of the board.',
  'rules.house.on': 'On',
  'rules.house.off': 'Off',
  'rules.house.none': 'None',
  'rules.house.byHost': 'Yes, by the room’s host',
  'rules.house.turnLimitChoices': 'Yes: {choices} seconds',
  'rules.house.fixed': 'No',
  'rules.house.size': '{n}×{n}',
  'rules.house.queueNote':
    'Queue games always show the legal squares. In the ranked queue, Black goes to the player who has had Black less often in recent ranked games; in the casual queue, to the player who has waited longer.',

  'rules.ladder.title': 'What this ladder adds',
  'rules.ladder.ranked':
    'Ranked and casual: ranked games come from the ranked queue, for registered players, and change both players’ ratings (Glicko-2; a new player starts at {initialRating}). Casual games, from the casual queue or a room, never change ratings; guests play casual games.',
  'rules.ladder.abort':
    'Abort: until both players have moved, either one may call the game off: no result, and ratings stay as they were. Each player’s first move must come within {firstMove}, or the game is aborted.',
  'rules.ladder.window':
    'Rating window: the ranked queue pairs players whose ratings are at most {initial} points apart, a gap that widens by {step} points for every {stepSeconds} of waiting, up to {max}. The same two players meet in at most {perPair} ranked games in 24 hours.',
  'rules.ladder.leaderboard': 'Leaderboard: it lists registered players with at least {minGames} rated games, one of them within the last {activeDays} days.',

  'rules.terms.title': 'Reversi terms',
  'rules.terms.outflank': 'Outflank',
  'rules.terms.outflankDef': 'To close a line of your opponent’s discs with your own discs at both ends.',
  'rules.terms.flip': 'Flip',
  'rules.terms.flipDef': 'To turn an outflanked disc over to your colour.',
  'rules.terms.pass': 'Pass',
  'rules.terms.passDef': 'Losing your turn because you have no legal square. It is never a choice.',
  'rules.terms.corner': 'Corner',
  'rules.terms.cornerDef': 'One of the four corner squares. A disc there can never be outflanked or flipped back.',

  'rules.faq.title': 'Questions about the rules',
  'rules.faq.anywhere': 'Can I place a disc anywhere?',
  'rules.faq.anywhereA': 'Only where it outflanks at least one of your opponent’s discs. A square that outflanks nothing is not a move.',
  'rules.faq.howMany': 'How many discs flip?',
  'rules.faq.howManyA': 'All the discs of every outflanked line, in every direction at once.',
  'rules.faq.corners': 'Why are corners so strong?',
  'rules.faq.cornersA': 'A corner cannot be outflanked from two sides, so a disc there never flips back.',
  'rules.faq.dots': 'Can I turn off the legal-square dots?',
  'rules.faq.dotsA': 'Yes: the host of a room can turn them off in the room’s settings. They are on at the start, and always on in queue games.',
  'rules.faq.first': 'Who plays first?',
  'rules.faq.firstA':
    'In a room, the player seated first (the host) plays Black in the first game; after that the colours swap after every game, unless the host turned swapping off. In the queue, see the note under the house settings.',
  'rules.faq.size': 'Can I change the size of the board?',
  'rules.faq.sizeA': 'No: only 8×8 for now.',

  'rules.cta.body': 'Ready? The lesson takes three minutes; a casual game about ten.',

  // ---- the lesson page (the shell the client fills) ----
  'learn.pageTitle': 'Learn',
  'learn.title': 'Learn Reversi on the board',
  'learn.lede': 'Five short steps, about three minutes. Each step checks what you did and tells you why.',
  'learn.progress': 'Step {step} of {total}',
  'learn.board': 'Lesson board: arrow keys move between squares, Enter or Space plays',
  'learn.next': 'Next step',
  'learn.retry': 'Try this step again',
  'learn.restart': 'Start the lesson over',
  'learn.playCasual': 'Play a casual game',
  'learn.readRules': 'Read the rules',
  'learn.loading': 'Loading the lesson…',
  'learn.you': 'You play {color, select, black {Black} other {White}}',
  'learn.count': '{color, select, black {Black} other {White}}: {n}',
  'learn.square.empty': '{square}, empty',
  'learn.square.legal': '{square}, legal square',
  'learn.square.disc': '{square}, {color, select, black {black} other {white}}',

  'learn.step.first.title': 'Place your first disc',
  'learn.step.first.intro':
    'You play Black, and Black moves first. The dots mark your legal squares: a disc there outflanks (traps) a white disc between itself and one of your black discs. Click a dot, or move with the arrow keys and press Enter.',
  'learn.step.directions.title': 'Flip in several directions at once',
  'learn.step.directions.intro':
    'A position from a real game ({event}). Every dot is a legal square, but only one of them outflanks in three directions at once. Find it.',
  'learn.step.pass.title': 'A forced pass',
  'learn.step.pass.intro':
    'A position from a real game ({event}). You play White, with a single disc left. One of your legal squares leaves Black without any legal square. Find it.',
  'learn.step.pass.again': 'Black has no legal square, so Black’s turn passes automatically: a pass is never a choice. It is your turn again: play any dot.',
  'learn.step.corner.title': 'Take a corner',
  'learn.step.corner.intro': 'A position from a real game ({event}). White has just played next to an empty corner. Take the corner.',
  'learn.step.count.title': 'Count at the end',
  'learn.step.count.intro':
    'A position from a real game ({event}). One empty square is left; Black has {black} discs and White {white}. Play the last move.',
  'learn.step.count.question': 'The board is full: the game is over. Count the discs: who won?',
  'learn.answer.black': 'Black won',
  'learn.answer.white': 'White won',
  'learn.answer.draw': 'A draw',

  'learn.feedback.taken': '{square} is taken: a disc goes on an empty square.',
  'learn.feedback.noFlip': '{square} outflanks nothing: no line of your opponent’s discs runs from it to one of yours. Try a square with a dot.',
  'learn.feedback.first': '{square} outflanks {flipped}, so {flippedCount, plural, one {it turns} other {they turn}} black. That is a whole move: place, outflank, flip.',
  'learn.feedback.oneDirection':
    '{square} is legal, but it flips in only {directions, plural, one {one direction} other {# directions}} ({flipped}). Look for the square with lines of white discs running from it in three directions.',
  'learn.feedback.directions':
    '{square} outflanks {directions, plural, one {one line} other {# lines}} at once, and every one of them flips: {flipped}. The discs that just flipped do not flip any others.',
  'learn.feedback.noPass': '{square} is legal, but then Black could play {replies}. Find the square after which Black has no legal square.',
  'learn.feedback.passDone': 'Right. A player passes only when there is no legal square, and then the opponent plays again.',
  'learn.feedback.notCorner': '{square} is legal, but it is not a corner. The corners are a1, h1, a8 and h8.',
  'learn.feedback.corner': '{square} is yours for good: no line runs through a corner with a square beyond it, so nothing can ever outflank it.',
  'learn.feedback.lastMove': 'You played {square} and flipped {flipped}.',
  'learn.feedback.wrongCount': 'Count again: Black has {black} discs and White {white}.',
  'learn.feedback.counted':
    'Black wins, {black} to {white}. Before the last move White was ahead, {beforeWhite} to {beforeBlack}: the count in the middle of a game decides nothing.',
  'learn.done.title': 'Lesson complete',
  'learn.done.body': 'You know the rules: outflank, flip, pass, corners and the final count. Ready for a real opponent?',
} as const;

export type RulesMessageKey = keyof typeof RULES_MESSAGES_EN;

/** The English message of `key` with `params` filled in. */
export function rulesText(key: RulesMessageKey, params: MessageParams = {}): string {
  return formatMessage(RULES_MESSAGES_EN[key], params, 'en');
}

/** A number of seconds as words: whole minutes or hours when it divides evenly (300 → "5 minutes"). */
export function durationText(seconds: number): string {
  if (seconds >= 7200 && seconds % 3600 === 0) return rulesText('rules.duration.hours', { n: seconds / 3600 });
  if (seconds >= 120 && seconds % 60 === 0) return rulesText('rules.duration.minutes', { n: seconds / 60 });
  return rulesText('rules.duration.seconds', { n: seconds });
}

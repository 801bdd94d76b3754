/**
 * Every user-visible text of the browser client, in English: keys → ICU MessageFormat messages
 * (`{name}` arguments, `{n, plural, …}`, `{color, select, …}`). The views show them through
 * `msg(key, params)` (./messages.ts); the state modules name them as `Text` ({key, params}).
 * The i18n catalogues (src/i18n/) take these over: this object is the one seam to move.
 */
export const en = {
  // Colours (as words in sentences)
  'color.name': '{color, select, black {Black} other {White}}',

  // Requests and the connection
  'net.unreachable': 'The server cannot be reached. Check your connection and try again.',
  'net.unavailable': 'The server is unavailable right now. Please try again in a moment.',
  'net.status': 'The server answered {status}.',
  'server.message': '{message}',
  'stream.live': 'Live',
  'stream.reconnecting': 'Reconnecting…',
  'stream.closed': 'Offline',

  // The game page: status line, title, meta
  'game.status.yourTurn': 'Your turn — you play {color, select, black {Black} other {White}}',
  'game.status.waitingFor': 'Waiting for {name}…',
  'game.status.waitingForStandIn': 'Waiting for {name} (the CPU is playing for them)…',
  'game.status.toMove': '{color, select, black {Black} other {White}} to move · {name}',
  'game.status.firstMoveYours': '{status} · make your first move before the clock runs out, or the game is aborted',
  'game.status.firstMoveTheirs': '{status} · first move: the game is aborted if it does not come in time',
  'game.status.aborted': 'Game aborted',
  'game.status.draw': 'Game over · Draw',
  'game.status.won': 'Game over · You won',
  'game.status.lost': 'Game over · You lost',
  'game.status.wins': 'Game over · {color, select, black {Black} other {White}} wins',
  'game.title': '{black} vs {white} · Outflank',
  'game.title.yourTurn': '● Your turn · {black} vs {white} · Outflank',
  'game.title.missing': 'Game not found · Outflank',
  'game.meta.rated': 'Rated',
  'game.meta.casual': 'Casual',
  'game.meta.turnLimit': '{seconds} s per move',
  'game.meta.noLimit': 'No time limit',
  'game.meta.watching': 'Watching',
  'game.meta.spectator': 'Watching as a spectator',
  'game.meta.room': 'Room {code}',

  // Notes beside the board
  'game.pass.mine': 'You have no legal move: you pass, and {name} plays again.',
  'game.pass.theirs': '{name} has no legal move and passes: your turn again.',
  'game.pass.watching':
    '{passer, select, black {Black} other {White}} has no legal move and passes: {again, select, black {Black} other {White}} plays again.',
  'game.standIn':
    '{name} left the game: the CPU plays for them until they come back. If it is still playing for them when the game ends, {name} loses it (abandoned).',
  'game.opponentAway':
    '{name} seems to be disconnected: if they do not come back, the CPU plays for them in {time} (and if it is still playing for them at the end, they lose).',
  'game.awayNote': 'While you were away, the CPU played {squares} for you.',

  // Moves: announcements, feedback at the square
  'game.announce.move': '{color, select, black {Black} other {White}} ({name}) played {square}.',
  'game.announce.pass': '{color, select, black {Black} other {White}} ({name}) has no legal move and passes.',
  'game.square.noFlip': '{square} does not outflank any disc: try a square with a dot.',
  'game.square.taken': '{square} is taken.',
  'game.square.illegal': '{square} does not outflank any disc. Try another square.',
  'game.staleBoard': 'The board had changed: it is up to date now.',
  'board.square.black': '{square}, black',
  'board.square.white': '{square}, white',
  'board.square.legal': '{square}, legal move',
  'board.square.empty': '{square}, empty',

  // The result
  'game.result.aborted': 'Game aborted',
  'game.result.draw': 'Draw',
  'game.result.won': 'You won!',
  'game.result.lost': 'You lost',
  'game.result.wins': '{color, select, black {Black} other {White}} wins',
  'game.result.resigned': '{name} resigned',
  'game.result.boardDraw': 'Equal discs on the board',
  'game.result.board': 'Most discs on the board',
  'game.result.abandoned': '{name} abandoned the game: the CPU was still playing for them at the end, so they lose',
  'game.result.calledOff': 'Called off before both players had moved (a first move never came, or a player aborted): no result, ratings unchanged',
  'game.result.none': 'No result',
  'game.result.score': 'Black {black} – {white} White',
  'game.result.ratingChange': '{name} {delta}',
  'game.result.casual': 'Casual game: ratings unchanged',

  // Actions
  'game.resign': 'Resign',
  'game.resign.confirm': 'Confirm resign',
  'game.rematch': 'Rematch',
  'game.rematch.accept': 'Accept rematch',
  'game.rematch.decline': 'Decline',
  'game.rematch.withdraw': 'Withdraw offer',
  'game.rematch.offered': 'Rematch offered: waiting for {name} to accept.',
  'game.rematch.offer': '{name} offers a rematch.',
  'game.sound.on': 'Sound on',
  'game.sound.off': 'Sound off',

  // The move list and the replay
  'moves.pass': 'pass',
  'moves.cpu': 'CPU',
  'moves.cpu.title': 'played by the CPU stand-in',
  'moves.count': '{count, plural, one {# move} other {# moves}}',
  'replay.start': 'Start position',
  'replay.position': 'Move {at} of {total}',

  // The lobby
  'lobby.wrongPassword': 'Wrong username or password.',
  'lobby.sessionExpired': 'Your session has expired. Please sign in again.',
  'lobby.unrated': 'unrated',
  'lobby.rating': '{rating}{provisional, select, true {?} other {}}',
  'lobby.continueGame': 'Continue your game against {name} →',
  'lobby.signOutGuest': 'Guests cannot sign back in: this guest account will be gone from this device. Sign out?',
  'lobby.linkCopied': 'Link copied',
  'lobby.badRoomCode': 'A room code is 4 to 12 letters and digits.',
  'lobby.noRoom': 'There is no room {code}. Check the code.',
  'lobby.roomFull': 'Room {code} already has two players.',
  'lobby.roomRated': 'Room {code} is rated: register to play rated games.',
  'lobby.inGame': 'You already have a game in progress. Taking you there…',
  'lobby.queue.mode': '{mode, select, ranked {ranked} other {casual}}',
  'lobby.queue.window': 'Opponents rated {min}–{max}: the range widens while you wait.',
  'lobby.queue.lapsed': 'Your place in the queue lapsed while this page was away. Queue again when you are ready.',
  'lobby.unavailable': '{message} You are still signed in on this device.',
  'lobby.invite.title': '{host} invites you to a game',
  'lobby.invite.titleAnonymous': 'A player invites you to a game',
  'lobby.invite.settings':
    'Room {code}: Casual · {turnSeconds, select, none {no time limit} other {{turnSeconds} s per move}} · {legal, select, true {legal squares shown} other {no hints}} · {swap, select, true {colours swap after each game} other {same colours every game}}.',
  'lobby.invite.broken': 'This invite link does not work',
  'lobby.invite.noRoom': 'There is no room {code}: ask for a new link.',

  // Live games to watch
  'watch.seat': '{name} ({rating})',
  'watch.vs': 'vs',
  'watch.meta': '{rated, select, true {Rated} other {Casual}} · move {move}',
  'watch.none': 'No live games right now. Start one!',

  // The analysed replay (issue #20)
  'analysis.heading': 'Analysis',
  'analysis.pending': 'The engine has not been through this game yet; it usually takes a few seconds after the end.',
  'analysis.none': 'No analysis: aborted games and games still in play are not analysed.',
  'analysis.failed': 'The analysis could not be loaded.',
  'analysis.graph.label': 'Evaluation over the game, in discs for Black (above the middle line Black is ahead); dashed: estimated, solid: exact',
  'analysis.graph.exactFrom': 'exact from {empties} empties',
  'analysis.move.number': '{n}. {square}',
  'analysis.move.best': 'best move',
  'analysis.move.bestWas': 'best was {squares}',
  'analysis.move.loss': '−{loss} discs',
  'analysis.move.forced': 'only move',
  'analysis.move.pass': 'pass',
  'analysis.move.cpu': 'played by the CPU stand-in',
  'analysis.move.estimate': 'estimate',
  'analysis.move.exact': 'exact',
  'analysis.move.value': 'value {value} (best {bestValue})',
  'analysis.class.inaccuracy': 'inaccuracy',
  'analysis.class.mistake': 'mistake',
  'analysis.class.blunder': 'blunder',
  'analysis.symbol.inaccuracy': '?!',
  'analysis.symbol.mistake': '?',
  'analysis.symbol.blunder': '??',
  'analysis.summary.caption': 'Summary per player (over their own moves that had a choice)',
  'analysis.summary.player': 'Player',
  'analysis.summary.counted': 'Moves',
  'analysis.summary.bestShare': 'Best moves',
  'analysis.summary.meanLoss': 'Mean loss (discs)',
  'analysis.summary.inaccuracies': 'Inaccuracies',
  'analysis.summary.mistakes': 'Mistakes',
  'analysis.summary.blunders': 'Blunders',
  'analysis.summary.note':
    'Values are final disc differences under best play. From {empties} empties the endgame solver proves them (exact); before that they are estimates of a {depth}-ply search with a modest evaluation and can be wrong by several discs.',
  'analysis.download.ggf': 'Download GGF',
  'analysis.download.transcript': 'Download transcript',
  'analysis.report.button': 'Report opponent',
  'analysis.report.reason': 'Reason',
  'analysis.report.reason.engine': 'Used an engine',
  'analysis.report.reason.stalling': 'Stalling',
  'analysis.report.reason.abuse': 'Abuse',
  'analysis.report.reason.other': 'Other',
  'analysis.report.text': 'Details (optional)',
  'analysis.report.send': 'Send report',
  'analysis.report.sent': 'Thank you: the moderators will look at this game.',
  'analysis.report.already': 'You have already reported this game.',
  'analysis.report.error': 'The report could not be sent: {message}',
  'analysis.error.notFinished': 'Only a finished game can be reported.',

  // Moderation (issue #20): the moderator page's script and a moderator's warning
  'mod.signIn': 'Sign in with a moderator account to see this page.',
  'mod.forbidden': 'Only moderators can see this page.',
  'mod.failed': 'The page could not be loaded (the server answered {status}).',
  'mod.actions.done': 'Done: {action, select, engine {marked as engine user} dismiss {dismissed the reports} warn {warned} other {closed the account}}.',
  'mod.actions.refunds': 'Refunds: {points} rating points to {count, plural, one {# opponent} other {# opponents}}.',
  'mod.actions.error': 'The action failed: {message}',
  'notice.warning.title': 'A warning from the moderators',
  'notice.warning.dismiss': 'I understand',
} as const;

export type MessageKey = keyof typeof en;

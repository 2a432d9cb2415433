// The rules guide's state and actions (the Learn tab's "Rules guide", guide.js): the
// man on the guide's own board and the worked example of the count shown. Spread into
// the page's ACTIONS (actions.js), so the guide's boards change only through the store,
// as the game's does; the rules are asked by guide.js before an action, never here.
// Khun's web page. GPL-3.0-or-later, like the project.

/** The guide's state before anything is chosen: makruk, no man yet, the first example. */
export function guideState() {
  return {
    // The game and man chosen (the rules' role name: "king", "met", ..., "aiwok").
    variant: "makruk",
    role: null,
    // The man's board: its start, the position now (White to move again after each
    // move, where the rules allow it), the man's square, the last move's squares and
    // SAN, what it did ("moved", "captured", "promoted", "check", "end"), the end's
    // reason, and the promotion choices offered (UCI moves) where one move has several.
    start: null,
    startSquare: null,
    fen: null,
    square: null,
    lastMove: null,
    said: null,
    choices: [],
    // The worked example of the count shown, and its step.
    example: 0,
    step: 0,
  };
}

export const GUIDE_ACTIONS = {
  /** A man chosen in a game, on its board (`fen`, its `square`: guideLessons.manBoard). */
  guideShowMan(s, variant, role, board) {
    s.guide = { ...s.guide, variant, role, start: board.fen, startSquare: board.square, fen: board.fen, square: board.square, lastMove: null, said: null, choices: [] };
  },

  /** The man's board back at its start. */
  guideReset(s) {
    s.guide = { ...s.guide, fen: s.guide.start, square: s.guide.startSquare, lastMove: null, said: null, choices: [] };
  },

  /**
   * A move made on the man's board: the position after it (`fen`), the man's new square,
   * [from, to], and what it did: {kind, san, reason?, piece?}.
   */
  guideMoved(s, fen, square, lastMove, said) {
    s.guide = { ...s.guide, fen, square, lastMove: [...lastMove], said: { ...said }, choices: [] };
  },

  /** The promotion choices of a move (UCI moves), offered until one is chosen or none. */
  guideChoices(s, ucis) {
    s.guide = { ...s.guide, choices: [...ucis] };
  },

  /** A worked example of the count chosen (its first step). */
  guideExample(s, index) {
    s.guide = { ...s.guide, example: index, step: 0 };
  },

  /** A step of the worked example shown. */
  guideStep(s, step) {
    s.guide = { ...s.guide, step };
  },
};

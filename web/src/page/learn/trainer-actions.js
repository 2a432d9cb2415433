// The counting trainer's part of the page's state and its named actions (spread into
// actions.js's ACTIONS): the positions loaded, the one asked and the question on it, the
// last answer and the session's score. An action changes the state and nothing else:
// the questions and their answers are the rules' (trainer-questions.js), worked out by
// trainer.js, which passes what the player answered and whether it was right.
// Khun's web page. GPL-3.0-or-later, like the project.

/** The trainer's state before its positions are loaded. */
export function trainerState() {
  return {
    // "idle" (not asked for yet), "loading", "ready", "failed" (with `error`).
    status: "idle",
    error: null,
    positions: [],
    // The order the positions are asked in (indices into `positions`), the place in it,
    // and the question asked on that position (its index among trainer-questions.js's).
    order: [],
    at: 0,
    step: 0,
    // The answer to the question asked: {given, right}, or null before it is answered.
    answer: null,
    // The session's score: right answers of those asked, and by question kind.
    score: { right: 0, asked: 0, byKind: {} },
  };
}

export const TRAINER_ACTIONS = {
  trainerLoading(s) {
    s.trainer.status = "loading";
    s.trainer.error = null;
  },

  /** The positions are in (`order`: the order to ask them in, chosen by the caller). */
  trainerLoaded(s, positions, order) {
    Object.assign(s.trainer, { status: "ready", positions, order, at: 0, step: 0, answer: null });
  },

  trainerFailed(s, error) {
    s.trainer.status = "failed";
    s.trainer.error = String(error);
  },

  /** The player answered the question asked: `given`, right or not (graded by the rules). */
  trainerAnswer(s, given, right, kind) {
    const tr = s.trainer;
    if (tr.answer) return; // one answer a question
    tr.answer = { given: String(given), right: !!right };
    tr.score.asked++;
    if (right) tr.score.right++;
    const k = tr.score.byKind[kind] || { right: 0, asked: 0 };
    tr.score.byKind[kind] = { right: k.right + (right ? 1 : 0), asked: k.asked + 1 };
  },

  /** The next question: on the same position, or (`nextPosition`) the first on the next one. */
  trainerNext(s, nextPosition) {
    const tr = s.trainer;
    if (nextPosition) {
      tr.at = tr.order.length ? (tr.at + 1) % tr.order.length : 0;
      tr.step = 0;
    } else {
      tr.step++;
    }
    tr.answer = null;
  },

  /** The score kept from an earlier visit (localStorage), where it is one. */
  trainerScoreKept(s, score) {
    if (!score || typeof score !== "object") return;
    const n = (x) => (Number.isInteger(x) && x >= 0 ? x : 0);
    const byKind = {};
    for (const [k, v] of Object.entries(score.byKind || {})) {
      if (v && typeof v === "object") byKind[k] = { right: n(v.right), asked: n(v.asked) };
    }
    s.trainer.score = { right: Math.min(n(score.right), n(score.asked)), asked: n(score.asked), byKind };
  },

  trainerResetScore(s) {
    s.trainer.score = { right: 0, asked: 0, byKind: {} };
  },
};

// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013; the algorithm as
// published there, steps 1 to 8), for the puzzles' rating kept on the player's machine.
// A player is {rating, deviation, volatility} on the Glicko scale (1500, 350, 0.06 to
// start); one rating period's games are [{rating, deviation, score}] (score 1, 0.5, 0).
// Pure functions, no page state: web/tests/glicko2.test.js checks them against the
// paper's worked example.
// Khun's web page. GPL-3.0-or-later, like the project.

/** The Glicko-2 scale's factor: 400 / ln 10 (the paper's 173.7178). */
export const SCALE = 173.7178;
/** A new player: the paper's suggested start. */
export const NEW_PLAYER = Object.freeze({ rating: 1500, deviation: 350, volatility: 0.06 });
/**
 * The system constant τ, which limits how fast the volatility changes.
 * why: the paper suggests 0.3 to 1.2 and works its example with 0.5.
 */
export const TAU = 0.5;
/** The convergence tolerance of step 5's iteration (the paper's ε). */
const EPSILON = 0.000001;

/** g(φ): how much an opponent's uncertainty weakens what a game against it says. */
function g(phi) {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** E(μ, μj, φj): the expected score against opponent j. */
function expected(mu, muJ, phiJ) {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/**
 * Step 5: the new volatility σ', by the Illinois algorithm on f(x) (the paper's
 * iteration), from the estimated improvement Δ, the deviation φ, the variance v.
 */
function newVolatility(sigma, phi, v, delta, tau) {
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  // why: the Illinois steps halve the kept end's value, so this converges; the cap
  // only guards the page against a NaN fed in from a damaged kept rating.
  for (let i = 0; i < 200 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * The player after one rating period: `player` {rating, deviation, volatility}, `games`
 * [{rating, deviation, score}] (the opponents on the Glicko scale, the player's score
 * against each). With no games only the deviation grows (step 6). `tau`: the system constant.
 */
export function rate(player, games, tau = TAU) {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (!games.length) {
    return { rating: player.rating, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE, volatility: sigma };
  }
  const opponents = games.map((o) => ({ mu: (o.rating - 1500) / SCALE, phi: o.deviation / SCALE, score: o.score }));
  // Step 3: the estimated variance v of the rating from the games' outcomes alone.
  let inverseV = 0;
  // Step 4: the estimated improvement Δ (v times the sum of g(φj)(sj - Ej)).
  let sum = 0;
  for (const o of opponents) {
    const e = expected(mu, o.mu, o.phi);
    inverseV += g(o.phi) * g(o.phi) * e * (1 - e);
    sum += g(o.phi) * (o.score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // Step 5: the new volatility.
  const sigmaNew = newVolatility(sigma, phi, v, delta, tau);
  // Step 6: the pre-period deviation.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  // Step 7: the new deviation and rating.
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  // Step 8: back to the Glicko scale.
  return { rating: SCALE * muNew + 1500, deviation: SCALE * phiNew, volatility: sigmaNew };
}

/** Whether `p` is a player this module can rate: finite, a deviation and volatility above 0. */
export function isPlayer(p) {
  return !!p && [p.rating, p.deviation, p.volatility].every(Number.isFinite) && p.deviation > 0 && p.volatility > 0;
}

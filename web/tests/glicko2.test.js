// The puzzles' rating (web/src/page/glicko2.js) under node: Glicko-2 against the worked
// example of Glickman's paper ("Example of the Glicko-2 system", 2013).
//   node --test web/tests/glicko2.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { importPage } = require("./page-modules.js");

/** glicko2.js, from a copy of the page (page-modules.js). */
async function glicko2() {
  return (await importPage(["glicko2.js"], "khun-glicko2-"))["glicko2.js"];
}

const near = (actual, want, tolerance, what) =>
  assert.ok(Math.abs(actual - want) <= tolerance, `${what}: ${actual}, the paper has ${want}`);

test("the paper's worked example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300 scoring 1, 0, 0", async () => {
  const { rate } = await glicko2();
  const after = rate({ rating: 1500, deviation: 200, volatility: 0.06 }, [
    { rating: 1400, deviation: 30, score: 1 },
    { rating: 1550, deviation: 100, score: 0 },
    { rating: 1700, deviation: 300, score: 0 },
  ], 0.5);
  // The paper works on the Glicko-2 scale rounded to four places (μ' = -0.2069,
  // φ' = 0.8722, σ' = 0.05999) and converts those: 1464.06 and 151.52. Unrounded, the
  // same steps give 1464.0507 and 151.5165, within the paper's last rounding of it.
  near((after.rating - 1500) / 173.7178, -0.2069, 0.00005, "μ'");
  near(after.deviation / 173.7178, 0.8722, 0.00005, "φ'");
  near(after.volatility, 0.05999, 0.00001, "volatility"); // 0.0599960 unrounded
  near(after.rating, 1464.06, 0.01, "rating");
  near(after.deviation, 151.52, 0.01, "deviation");
});

test("a win against a puzzle raises the rating, a loss lowers it, each by less as the deviation shrinks", async () => {
  const { rate, NEW_PLAYER } = await glicko2();
  const puzzle = { rating: 1500, deviation: 100 };
  const won = rate(NEW_PLAYER, [{ ...puzzle, score: 1 }]);
  const lost = rate(NEW_PLAYER, [{ ...puzzle, score: 0 }]);
  assert.ok(won.rating > 1500 && lost.rating < 1500, `${won.rating} ${lost.rating}`);
  // Equal opponents: a win and a loss move the rating by the same amount either way.
  near(won.rating - 1500, 1500 - lost.rating, 1e-6, "symmetry");
  assert.ok(won.deviation < 350 && lost.deviation < 350);
  // A settled player (a small deviation) moves less for the same win.
  const settled = rate({ rating: 1500, deviation: 60, volatility: 0.06 }, [{ ...puzzle, score: 1 }]);
  assert.ok(settled.rating - 1500 < won.rating - 1500, `${settled.rating} vs ${won.rating}`);
  // Beating a much stronger puzzle gains more than beating a weaker one.
  const upset = rate(NEW_PLAYER, [{ rating: 2000, deviation: 100, score: 1 }]);
  const expectedWin = rate(NEW_PLAYER, [{ rating: 1000, deviation: 100, score: 1 }]);
  assert.ok(upset.rating > expectedWin.rating, `${upset.rating} vs ${expectedWin.rating}`);
});

test("a period without games only widens the deviation (step 6)", async () => {
  const { rate } = await glicko2();
  const after = rate({ rating: 1600, deviation: 50, volatility: 0.06 }, []);
  assert.strictEqual(after.rating, 1600);
  near(after.deviation, Math.sqrt(50 * 50 + (0.06 * 173.7178) ** 2), 1e-9, "deviation");
  assert.strictEqual(after.volatility, 0.06);
});

test("isPlayer refuses what a damaged store might hold", async () => {
  const { isPlayer, NEW_PLAYER } = await glicko2();
  assert.ok(isPlayer(NEW_PLAYER));
  for (const bad of [null, {}, { rating: "1500", deviation: 350, volatility: 0.06 }, { rating: 1500, deviation: 0, volatility: 0.06 },
    { rating: NaN, deviation: 350, volatility: 0.06 }, { rating: 1500, deviation: 350, volatility: -1 }]) {
    assert.ok(!isPlayer(bad), JSON.stringify(bad));
  }
});

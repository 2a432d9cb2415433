// Khun in a Web Worker (khun.worker.js beside the page), driven by UCI lines.
// Every command goes through one queue, so a search starts only after the one
// before it has sent its `bestmove`: a new position during analysis is `stop`, then
// (once the stopped search's bestmove is in) `position ...` and `go infinite`; info
// lines always belong to the search that is running.
// Khun's web page. GPL-3.0-or-later, like the project.

/** One `info` line as an object (null for lines without a score or pv). */
export function parseInfo(line) {
  const t = line.trim().split(/\s+/);
  if (t[0] !== "info") return null;
  const info = { multipv: 1 };
  for (let i = 1; i < t.length; i++) {
    const k = t[i];
    if (k === "depth" || k === "seldepth" || k === "multipv" || k === "nodes" || k === "nps" || k === "time" || k === "hashfull") {
      info[k] = Number(t[++i]);
    } else if (k === "score") {
      const kind = t[++i];
      const v = Number(t[++i]);
      info.score = kind === "mate" ? { mate: v } : { cp: v };
      if (t[i + 1] === "lowerbound" || t[i + 1] === "upperbound") info.bound = t[++i];
    } else if (k === "wdl") {
      info.wdl = [Number(t[i + 1]), Number(t[i + 2]), Number(t[i + 3])];
      i += 3;
    } else if (k === "pv") {
      info.pv = t.slice(i + 1);
      break;
    } else if (k === "string") {
      info.string = t.slice(i + 1).join(" ");
      break;
    }
  }
  return info;
}

export class Engine {
  constructor(url = "khun.worker.js") {
    this.worker = new Worker(url);
    this.worker.onmessage = (e) => this.onLine(String(e.data));
    this.worker.onerror = (e) => this.onError(e);
    this.waiters = []; // {match: line => bool, resolve}
    this.search = null; // the running search: {onInfo, resolve, stopSent, stopAt}
    this.chain = Promise.resolve();
    this.tasks = new Set();
    this.name = "Khun";
    this.listeners = [];
    this.failed = null;
  }

  onError(e) {
    this.failed = e.message || "the engine's worker failed to load";
    for (const f of this.listeners) f(`error ${this.failed}`);
    if (e.preventDefault) e.preventDefault();
  }

  send(line) {
    for (const f of this.listeners) f(`> ${line}`);
    this.worker.postMessage(line);
  }

  onLine(line) {
    for (const f of this.listeners) f(line);
    if (line.startsWith("id name ")) this.name = line.slice(8);
    if (this.search) {
      if (line.startsWith("info")) this.search.onInfo(line);
      else if (line.startsWith("bestmove")) {
        const s = this.search;
        this.search = null;
        const t = line.split(/\s+/);
        s.resolve({ bestmove: t[1], ponder: t[3] || null, stopMs: s.stopAt ? performance.now() - s.stopAt : null });
      }
    }
    const i = this.waiters.findIndex((w) => w.match(line));
    if (i >= 0) this.waiters.splice(i, 1)[0].resolve(line);
  }

  waitFor(match) {
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Queue a job (async function); `cancelled` jobs are skipped when their turn comes. */
  enqueue(job, cancellable = true) {
    const task = { cancelled: false };
    if (cancellable) this.tasks.add(task);
    const run = async () => {
      this.tasks.delete(task);
      if (task.cancelled) return null;
      return job(task);
    };
    const p = this.chain.then(run, run);
    this.chain = p.catch(() => null);
    task.promise = p;
    return task;
  }

  async init() {
    const ok = this.waitFor((l) => l === "uciok");
    this.send("uci");
    await ok;
    await this.isready();
  }

  isready() {
    const ok = this.waitFor((l) => l === "readyok");
    this.send("isready");
    return ok;
  }

  /** Options and other lines sent between searches; resolves once the engine is ready. */
  configure(lines) {
    return this.enqueue(async () => {
      for (const l of lines) this.send(l);
      await this.isready();
    }, false).promise;
  }

  /**
   * A search: `setup` lines (position ...; or a function giving them, called when the
   * search starts), then `go` (e.g. "go infinite").
   * Returns the task; task.promise resolves to {bestmove, ponder, stopMs} or null
   * when the task was cancelled before it started.
   */
  go(setup, go, onInfo = () => {}) {
    return this.enqueue((task) => new Promise((resolve) => {
      this.search = { onInfo, resolve, stopSent: false, stopAt: 0, task };
      for (const l of typeof setup === "function" ? setup() : setup) this.send(l);
      this.send(go);
    }));
  }

  /** Stop the running search (if any); resolves with its bestmove result. */
  stop() {
    const s = this.search;
    if (!s) return Promise.resolve(null);
    if (!s.stopSent) {
      s.stopSent = true;
      s.stopAt = performance.now();
      this.send("stop");
    }
    return s.task.promise;
  }

  /** Cancel every queued search and stop the running one. */
  cancelAll() {
    for (const t of this.tasks) t.cancelled = true;
    return this.stop();
  }

  get searching() {
    return !!this.search;
  }
}

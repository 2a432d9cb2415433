// Endgame-table verdicts, asked of page/table.worker.js off the page's thread (a first
// probe of an ending can take a second), each kept by the position it is of.
// Khun's web page. GPL-3.0-or-later, like the project.

export class TableVerdicts {
  /** `onAnswer()`: a verdict came in (the page draws it). */
  constructor(onAnswer, url = "page/table.worker.js") {
    this.onAnswer = onAnswer;
    this.url = url;
    this.worker = null;
    this.known = new Map(); // key -> verdict (null: none; undefined: asked)
    this.jobs = new Map(); // id -> {key, waiting}
    this.nextId = 0;
  }

  /** The verdict for `key` (position.js's positionKey), asking `question` ({variant, fen, moves, countStarted}) the first time. */
  verdict(key, question) {
    if (this.known.has(key)) return this.known.get(key);
    this.known.set(key, undefined);
    if (!this.worker) {
      this.worker = new Worker(this.url);
      this.worker.onmessage = (e) => {
        const job = this.jobs.get(e.data.id);
        if (!job) return;
        this.jobs.delete(e.data.id);
        this.known.set(job.key, e.data.table);
        for (const f of job.waiting) f(e.data.table);
        this.onAnswer();
      };
    }
    const id = ++this.nextId;
    this.jobs.set(id, { key, waiting: [] });
    this.worker.postMessage({ id, ...question });
    return undefined;
  }

  /** A promise of the verdict for `key`, asked before with verdict(). */
  whenReady(key) {
    const v = this.known.get(key);
    if (v !== undefined) return Promise.resolve(v);
    for (const job of this.jobs.values()) {
      if (job.key === key) return new Promise((resolve) => job.waiting.push(resolve));
    }
    return Promise.resolve(null);
  }
}

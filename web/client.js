// client.js — the page's side of worker.js: each call is a promise; progress reports
// go to the caller's callback; cancel() ends the worker (a wasm call cannot be
// interrupted) and starts a fresh one, so a long run can always be stopped.
export class Canceled extends Error {
  constructor() { super('canceled'); }
}

export class WorkerClient {
  constructor(module) {
    this.module = module;
    this.next = 1;
    this.pending = new Map();
    this.onBusy = () => {};
    this.start();
  }
  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(`worker: ${e.message}`));
      this.pending.clear();
      this.onBusy(false);
    };
    this.ready = this.call('init', { module: this.module });
  }
  receive(msg) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.progress) { p.onProgress?.(msg.progress[0], msg.progress[1]); return; }
    this.pending.delete(msg.id);
    if (!this.pending.size) this.onBusy(false);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(Object.assign(new Error(msg.error.message), { code: msg.error.code }));
  }
  // Runs op in the worker; transfer lists buffers handed over (not copied).
  call(op, args = {}, { onProgress, transfer = [] } = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.onBusy(true, op);
      this.worker.postMessage({ id, op, args }, transfer);
    });
  }
  get busy() { return this.pending.size > 0; }
  // Stops whatever runs: every pending call rejects with Canceled; the worker's
  // current maze and terrain are gone with it.
  cancel() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Canceled());
    this.pending.clear();
    this.onBusy(false);
    this.start();
  }
}

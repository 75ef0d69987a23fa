// ui.js — small page helpers the tabs share: elements, the message box, the busy bar,
// seeds, the address (every setting lives in it), downloads and best times.
export const $ = (id) => document.getElementById(id);

export function showMessage(text, kind = 'error') {
  const m = $('message');
  m.textContent = text;
  m.className = kind;
  m.hidden = false;
}
export function clearMessage() {
  const m = $('message');
  m.hidden = true;
  m.textContent = '';
}

// The page picks a seed and shows it; the library itself never uses time or chance.
// Short enough to type back in, like the CLI's random seeds.
export function randomSeed() {
  return String(Math.floor(Math.random() * 1e9));
}
// The seed in a box: its text, or a fresh random seed written into the box when it
// is empty (a cleared box means "any maze", never seed 0).
export function seedOf(input) {
  const v = input.value.trim();
  if (v) return v;
  input.value = randomSeed();
  return input.value;
}

// ---- the address ----
export const params = new URLSearchParams(location.search);
// Sets (or, for null, removes) parameters of the current address without a reload.
export function saveUrl(values) {
  const p = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined || v === '') p.delete(k); else p.set(k, String(v));
  }
  history.replaceState(null, '', `${location.pathname}?${p}`);
}
// Reads an integer link parameter within [min, max]; a problem goes into `problems`.
export function intParam(name, label, def, min, max, problems) {
  const raw = params.get(name);
  if (raw === null || raw === '') return def;
  if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    problems.push(`${label} '${raw}' is not a whole number`);
    return def;
  }
  const v = Number(raw);
  if (v < min || v > max) {
    problems.push(`${label} ${raw} is outside ${min}..${max}`);
    return def;
  }
  return v;
}
// A number link parameter in [min, max] (a fraction, a roughness).
export function numParam(name, label, def, min, max, problems) {
  const raw = params.get(name);
  if (raw === null || raw === '') return def;
  const v = Number(raw);
  if (!/^\s*[\d.]+\s*$/.test(raw) || !Number.isFinite(v) || v < min || v > max) {
    problems.push(`${label} '${raw}' is not a number from ${min} to ${max}`);
    return def;
  }
  return v;
}
// A seed link parameter: null when absent or bad (a problem noted).
export function seedParam(name, problems) {
  const raw = params.get(name);
  if (raw === null) return null;
  const s = raw.trim();
  if (!/^\d{1,20}$/.test(s)) { problems.push(`seed '${raw}' is not a whole number 0..18446744073709551615`); return null; }
  if (BigInt(s) >= 1n << 64n) { problems.push(`seed ${raw} is larger than 18446744073709551615`); return null; }
  return s;
}

// ---- busy bar ----
let busyDepth = 0;
export function busy(label, on) {
  busyDepth = Math.max(0, busyDepth + (on ? 1 : -1));
  $('busy').hidden = busyDepth === 0;
  if (on) {
    $('progress-label').textContent = label;
    $('progress').removeAttribute('value');
  }
}
export function progress(done, total) {
  if (total > 0) $('progress').value = Math.min(1, done / total);
}

// Saves bytes, a string or a Blob as a file.
export function download(data, name, type = 'application/octet-stream') {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// Best times, kept in the browser per game settings (localStorage; none in private
// windows that refuse it).
export const best = {
  get(key) {
    try { return JSON.parse(localStorage.getItem(`amaze-best:${key}`) || 'null'); } catch { return null; }
  },
  // Records {ms, moves} if it beats the stored time; true when it did.
  record(key, ms, moves) {
    const old = best.get(key);
    if (old && old.ms <= ms) return false;
    try { localStorage.setItem(`amaze-best:${key}`, JSON.stringify({ ms, moves, at: new Date().toISOString() })); } catch { return false; }
    return true;
  },
};

export function seconds(ms) { return `${(ms / 1000).toFixed(1)} s`; }

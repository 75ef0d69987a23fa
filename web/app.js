// app.js — the amaze web page: loads amaze.wasm once (compiled here, instantiated here
// for the games' rules and in worker.js for the long jobs), builds the three tabs
// (maze_tab.js, slide_tab.js, terrain_tab.js, each with its own state), reads the
// link's settings (every setting lives in the address, so a link reproduces what was
// shown; bad values are named in a message), routes keys to the tab in view, and
// registers the service worker that keeps the page working offline.
import { compile, load } from './amaze.js';
import { WorkerClient } from './client.js';
import { MazeTab } from './maze_tab.js';
import { SlideTab } from './slide_tab.js';
import { TerrainTab } from './terrain_tab.js';
import { $, params, showMessage, saveUrl } from './ui.js';

const TABS = ['maze', 'slide', 'terrain'];
const app = { ready: false, tabs: {} };
window.amazeApp = app; // for the browser tests and the curious

function selectTab(name) {
  for (const b of document.querySelectorAll('nav button')) {
    const on = b.dataset.tab === name;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
  }
  for (const s of document.querySelectorAll('.panel')) s.hidden = s.id !== `panel-${name}`;
  app.tab = name;
  saveUrl({ tab: name });
  app.tabs[name].show();
}

function onKey(e) {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
  if (t instanceof HTMLButtonElement && (e.code === 'Enter' || e.code === 'Space')) return;
  app.tabs[app.tab]?.onKey?.(e);
}

// Arrow keys move between the tabs of the tab list (the ARIA tabs pattern).
function tabKeys(e) {
  const i = TABS.indexOf(e.target.dataset.tab);
  if (i < 0 || !['ArrowLeft', 'ArrowRight'].includes(e.key)) return;
  e.preventDefault();
  const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
  selectTab(next);
  $(`tab-${next}`).focus();
}

async function main() {
  let module;
  try {
    module = await compile();
    app.api = await load(module);
  } catch (e) {
    showMessage(`Cannot start amaze.wasm: ${e.message}`);
    return;
  }
  $('version').textContent = app.api.version();
  app.worker = new WorkerClient(module);
  $('cancel').addEventListener('click', () => app.worker.cancel());
  const ctx = { api: app.api, worker: app.worker };
  app.maze = app.tabs.maze = new MazeTab(ctx);
  app.slide = app.tabs.slide = new SlideTab(ctx);
  app.terrain = app.tabs.terrain = new TerrainTab(ctx);

  const problems = [];
  for (const name of TABS) app.tabs[name].applyUrl(problems);
  let tab = params.get('tab') ?? 'maze';
  if (!TABS.includes(tab)) {
    problems.push(`unknown tab '${tab}' (maze, slide or terrain)`);
    tab = 'maze';
  }
  for (const b of document.querySelectorAll('nav button')) {
    b.addEventListener('click', () => selectTab(b.dataset.tab));
    b.addEventListener('keydown', tabKeys);
  }
  document.addEventListener('keydown', onKey);
  await app.worker.ready;
  if (problems.length) {
    // Say what was wrong with the link; the controls hold usable values instead, and
    // nothing is made until asked.
    for (const b of document.querySelectorAll('nav button')) b.setAttribute('aria-selected', String(b.dataset.tab === tab));
    for (const s of document.querySelectorAll('.panel')) s.hidden = s.id !== `panel-${tab}`;
    app.tab = tab;
    showMessage(`This link's settings cannot be used: ${problems.join('; ')}.`);
  } else {
    selectTab(tab);
    if (tab === 'maze') await app.maze.pending;
  }
  app.ready = true;
  if ('serviceWorker' in navigator && location.protocol.startsWith('http'))
    navigator.serviceWorker.register('sw.js').catch(() => {});
}

main();

// sw.js — the service worker that keeps the page working with no network once it has
// been loaded: every file of the page is cached at install; requests go to the
// network first (so a new version shows as soon as it is served) and fall back to the
// cache when the network fails. Static files only; nothing else is stored.
const CACHE = 'amaze-web-v1';
const FILES = [
  './', 'index.html', 'style.css', 'manifest.webmanifest', 'icon.svg', 'amaze.wasm',
  'amaze.js', 'app.js', 'client.js', 'limits.js', 'mask.js', 'maze_files.js', 'maze_settings.js', 'maze_tab.js',
  'picture.js', 'play.js', 'png_in.js', 'slide_tab.js', 'terrain_tab.js', 'topology.js', 'ui.js', 'view.js', 'worker.js',
];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== location.origin) return;
  e.respondWith(fetch(req).then((res) => {
    if (res.ok) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(req, copy)); }
    return res;
  }).catch(() => caches.match(req, { ignoreSearch: true }).then((hit) => hit || caches.match('index.html'))));
});

// Loads the web build in headless Chromium (Debian's, driven by
// playwright-core) and checks it as a player would use it:
//
//  1. the main menu is drawn (a real picture, not a blank page), and how
//     long it took from navigation: downloaded, compiled, menu drawn;
//  2. scripted games play in the page (the same commands a click on the
//     board sends), are saved to local storage and exported through the
//     browser's download, and both files replay natively with `vt replay`
//     to the digest the page reported;
//  3. an exported save imports again through the file picker and loads to
//     the same digest;
//  4. the loading page shows its progress while the .wasm downloads (on a
//     throttled connection, so that there is time to look), then gives way
//     to the menu;
//  5. the computer opponent (the FTE game's second side) thinks without
//     freezing the page: it searches in slices of a frame, as the app logs
//     them (`computer: … over N frames (longest frame M ms, longest slice
//     S ms)`); the frames, and the page's own requestAnimationFrame count,
//     are reported.
//
//   node web/test.mjs [--out DIR] [--dist DIR] [--games csar,fte] [--menu-runs N]
//                     [--no-loading] [--plain] [--vt PATH]
//
// --dist is the built site (web/dist); --plain serves the .wasm as it is
// instead of its .br copy; --menu-runs opens the menu N times (fresh
// profile each) for the time to menu (1 by default, or $VT_WEB_MENU_RUNS).
// Prints one
// line per check and `N passed, M failed`; exits 1 if any failed. Run
// web/build.sh first, and `npm ci` in web/ (web/test.sh does both checks).

import { chromium } from 'playwright-core';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const out = resolve(arg('--out', join(root, 'target', 'web-test')));
const plain = process.argv.includes('--plain');
const vt = resolve(arg('--vt', process.env.VT_BIN || join(root, 'target', 'release', 'vt')));
const dist = resolve(arg('--dist', join(here, 'dist')));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const ok = (msg) => { passed++; console.log(`ok: ${msg}`); };
const bad = (msg) => { failed++; console.log(`FAIL: ${msg}`); };
const check = (cond, good, wrong) => (cond ? ok(good) : bad(wrong));

if (!existsSync(join(dist, 'vietnam-tactics_bg.wasm'))) {
  console.log('FAIL: no web build in web/dist: run web/build.sh first');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// The static server, on a free port.
const port = 8700 + Math.floor(Math.random() * 200);
const server = spawn('python3', [join(here, 'serve.py'), '--port', String(port), ...(plain ? ['--plain'] : []), dist],
  { stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res, rej) => {
  server.stdout.once('data', res);
  server.once('exit', (c) => rej(new Error(`web/serve.py exited with ${c}`)));
});
const base = `http://127.0.0.1:${port}/`;
// The server goes with this process, however it ends.
process.on('exit', () => server.kill());

const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  // Software WebGL2 (no GPU here), and none of Chromium's own network
  // traffic: this machine's network is closed.
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
    '--no-first-run'],
});

// A fresh profile (empty local storage) with the page's console collected,
// and the page's frames watched: window.vtFrames counts requestAnimationFrame
// callbacks and keeps the longest time between two (a page whose one thread
// is busy gets none). `throttle` (bytes a second) slows the network, as
// DevTools' throttling does.
async function openPage(query = '', { throttle = 0 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript(() => {
    const f = { frames: 0, longest: 0, last: 0 };
    window.vtFrames = f;
    const tick = (t) => {
      if (f.last) f.longest = Math.max(f.longest, t - f.last);
      f.last = t;
      f.frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions',
      { offline: false, latency: 20, downloadThroughput: throttle, uploadThroughput: throttle });
  }
  const lines = [];
  const waiters = [];
  // Each line with the milliseconds since navigation as this process saw
  // it arrive (for where the start-up time goes).
  let t0 = Date.now();
  page.on('console', (m) => {
    const t = m.text().replace(/%c/g, '').replace(/ color: [^%]*$/, '');
    lines.push(`${String(Date.now() - t0).padStart(6)} ms [${m.type()}] ${t}`);
    for (const w of waiters) if (!w.done && w.re.test(t)) { w.done = true; w.res(t.match(w.re)); }
  });
  page.on('pageerror', (e) => lines.push(`[pageerror] ${e}`));
  const waitFor = (re, ms) => new Promise((res, rej) => {
    const hit = lines.map((l) => l.match(re)).find(Boolean);
    if (hit) { res(hit); return; }
    const w = { re, res, done: false };
    waiters.push(w);
    setTimeout(() => { if (!w.done) { w.done = true; rej(new Error(`no console line like ${re} within ${ms / 1000} s`)); } }, ms);
  });
  const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'));
  t0 = Date.now();
  await page.goto(base + query);
  return { context, page, lines, waitFor, wasm };
}

function dumpLog(name, lines) {
  const f = join(out, `${name}.log`);
  writeFileSync(f, lines.join('\n') + '\n');
  return f;
}

// Distinct colours of a screenshot (a PNG as Chromium writes it: 8-bit
// RGB or RGBA, not interlaced): a drawn screen has hundreds, a blank or an
// error page a handful. Decoded here with node's zlib, so the test needs no
// image tool.
function colours(png) {
  const b = readFileSync(png);
  let i = 8;
  let w = 0, h = 0, channels = 0;
  const idat = [];
  while (i < b.length) {
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    const data = b.subarray(i + 8, i + 8 + len);
    if (type === 'IHDR') {
      w = data.readUInt32BE(0);
      h = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = data.subarray(8, 13);
      channels = { 2: 3, 6: 4 }[colour] || 0;
      if (depth !== 8 || !channels || interlace) return -1;
    } else if (type === 'IDAT') idat.push(data);
    i += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = w * channels;
  let prev = Buffer.alloc(stride);
  const seen = new Set();
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? line[x - channels] : 0;
      const up = prev[x];
      const c = x >= channels ? prev[x - channels] : 0;
      let p = 0;
      if (f === 1) p = a;
      else if (f === 2) p = up;
      else if (f === 3) p = (a + up) >> 1;
      else if (f === 4) {
        const q = a + up - c, pa = Math.abs(q - a), pb = Math.abs(q - up), pc = Math.abs(q - c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? up : c;
      }
      line[x] = (line[x] + p) & 255;
    }
    for (let x = 0; x < stride; x += channels) seen.add((line[x] << 16) | (line[x + 1] << 8) | line[x + 2]);
    prev = line;
  }
  return seen.size;
}

function replay(file) {
  if (!existsSync(vt)) return { error: `no ${vt} (cargo build --release -p vt-cli)` };
  const r = spawnSync(vt, ['replay', file], { encoding: 'utf8' });
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { error: (r.stdout + r.stderr).trim().slice(0, 400) };
  }
}

const results = { times: null, games: [] };
// How long a scripted game may take in the page: software WebGL on a busy
// 2-core machine draws a few frames a second, and the script plays one
// command a frame.
const PLAY_MS = Number(process.env.VT_WEB_PLAY_MS || 600000);

// 1. The menu, as many times as asked (each in a fresh profile: nothing cached).
const menuRuns = Math.max(1, Number(arg('--menu-runs', process.env.VT_WEB_MENU_RUNS || 1)));
results.menuRuns = [];
for (let run = 1; run <= menuRuns; run++) {
  const { context, page, lines, waitFor, wasm } = await openPage();
  const tag = menuRuns > 1 ? ` (run ${run} of ${menuRuns})` : '';
  try {
    const m = await waitFor(/vt-times (\{.*\})/, 120000);
    const times = JSON.parse(m[1]);
    results.menuRuns.push(times);
    const resp = await wasm;
    const enc = (await resp.allHeaders())['content-encoding'] || 'none';
    await page.waitForTimeout(300);
    const png = join(out, run === 1 ? 'menu.png' : `menu-${run}.png`);
    await page.screenshot({ path: png });
    const n = colours(png);
    const hidden = await page.evaluate(() => getComputedStyle(document.getElementById('loader')).display === 'none');
    ok(`menu drawn ${times.menu} ms after navigation${tag} (downloaded ${times.downloaded} ms, compiled ${times.compiled} ms; wasm sent with encoding ${enc})`);
    check(n > 200 && hidden, `screenshot ${png} has ${n} colours, the loading page is gone`,
      `screenshot ${png} has ${n} colours, the loading page is ${hidden ? 'gone' : 'still shown'}`);
  } catch (e) {
    bad(`menu${tag}: ${e.message} (console in ${dumpLog('menu', lines)})`);
  }
  dumpLog(run === 1 ? 'menu' : `menu-${run}`, lines);
  await context.close();
}
if (results.menuRuns.length) {
  const ms = results.menuRuns.map((t) => t.menu).sort((a, b) => a - b);
  results.times = { ...results.menuRuns[0], median: ms[Math.floor((ms.length - 1) / 2)], runs: ms };
  if (ms.length > 1) console.log(`time to menu over ${ms.length} runs: ${ms.join(', ')} ms (median ${results.times.median} ms)`);
}

// 2. The loading page while the .wasm downloads: on a connection throttled
// so that the download of the compressed .wasm takes about 4 s, the page
// shows the bar and "Downloading X of Y MB" (Y the .wasm's size), then
// "Compiling…"/"Starting…", and goes once the menu is drawn.
if (!process.argv.includes('--no-loading')) {
  const wasmFile = join(dist, 'vietnam-tactics_bg.wasm');
  const sent = plain ? wasmFile : [wasmFile + '.br', wasmFile + '.gz', wasmFile].find((f) => existsSync(f));
  const throttle = Math.max(100000, Math.round(statSync(sent).size / 4));
  const rawMb = (statSync(wasmFile).size / 1e6).toFixed(1);
  const { context, page, lines, waitFor } = await openPage('', { throttle });
  try {
    const seen = [];
    let shot = null;
    const t0 = Date.now();
    while (Date.now() - t0 < 120000) {
      const s = await page.evaluate(() => ({
        status: document.getElementById('status').textContent,
        fill: parseFloat(document.getElementById('fill').style.width) || 0,
        shown: getComputedStyle(document.getElementById('loader')).display !== 'none',
      }));
      if (!s.shown) break;
      const phase = s.status.replace(/[\d.]+ of/, 'N of');
      if (!seen.includes(phase)) seen.push(phase);
      const m = s.status.match(/^Downloading ([\d.]+) of ([\d.]+) MB/);
      if (!shot && m && s.fill > 20 && s.fill < 90) {
        shot = { ...s, png: join(out, 'loading.png') };
        await page.screenshot({ path: shot.png });
        check(m[2] === rawMb, `loading page: "${s.status}", bar at ${Math.round(s.fill)} % (screenshot ${shot.png})`,
          `loading page: "${s.status}" names ${m[2]} MB, the .wasm is ${rawMb} MB`);
      }
      await page.waitForTimeout(100);
    }
    check(shot, `loading page went through: ${seen.join(' → ')}`,
      `loading page: never caught downloading with the bar part-way (saw: ${seen.join(' → ')})`);
    const m = await waitFor(/vt-times (\{.*\})/, 120000);
    const hidden = await page.evaluate(() => getComputedStyle(document.getElementById('loader')).display === 'none');
    check(hidden, `loading page gone at the menu (throttled to ${(throttle / 1e6).toFixed(2)} MB/s: ${m[1]})`,
      'loading page still shown at the menu');
  } catch (e) {
    bad(`loading page: ${e.message} (console in ${dumpLog('loading', lines)})`);
  }
  dumpLog('loading', lines);
  await context.close();
}

// 3. Scripted games: played, saved to local storage, exported, replayed natively.
const games = [
  { id: 'csar', query: 'VT_AUTOSTART=csar:30&VT_SEED=5' },
  // FTE: 10 of the person's commands, with the computer's moves between them
  // (20 gave 9 computer searches, two thirds of the test's ten minutes under
  // swiftshader; a few searches check the thinking as well as nine do).
  { id: 'fte', query: 'VT_AUTOSTART=fte:10&VT_SEED=11&VT_SEATS=person,computer', computer: true },
];

// The computer searches in slices of a frame in the browser (one thread):
// the app logs each search's frames, and the page counts its own. A search
// that froze the page would run in one frame, or in frames far apart.
// What the check holds the search to is its own share of a frame (its
// slice: 8 ms of search, up to 50 ms when the rest of the frame is slow,
// overrun by at most one iteration); how long the frames themselves take
// (software WebGL on a busy machine draws the FTE board at under one frame
// a second) is reported, not judged. A move's search reaches its budget of
// positions however slowly the page draws: only its own time counts
// against its cap (a machine several times slower than the reference).
const THINK_SLICE_MS = Number(process.env.VT_WEB_THINK_SLICE_MS || 1000);
function thinkingChecks(g, lines, page) {
  const re = /computer: (\w+) for side (\d+) searched (\d+) of (\d+) positions in (\d+) ms over (\d+) frames \(longest frame (\d+) ms, longest slice (\d+) ms\); (\d+) ms of search \(cap (\d+) ms\)/;
  const searches = lines.map((l) => l.match(re)).filter(Boolean).map((m) => ({
    purpose: m[1], side: Number(m[2]), positions: Number(m[3]), budget: Number(m[4]), ms: Number(m[5]),
    frames: Number(m[6]), longestFrame: Number(m[7]), longestSlice: Number(m[8]),
    searchMs: Number(m[9]), capMs: Number(m[10]),
  }));
  const moves = searches.filter((x) => x.purpose === 'Move');
  const long = searches.filter((x) => x.ms >= 300);
  const worst = Math.max(0, ...searches.map((x) => x.longestFrame));
  const ms = searches.reduce((a, x) => a + x.ms, 0);
  const frames = searches.reduce((a, x) => a + x.frames, 0);
  results.thinking = { game: g.id, searches, page };
  check(moves.length > 0, `${g.id}: the computer searched ${moves.length} of its moves (${searches.length} searches with the chart's estimates)`,
    `${g.id}: no computer move searched in the page (${searches.length} searches logged)`);
  const short = moves.filter((x) => x.positions < x.budget && x.searchMs < x.capMs);
  const capped = moves.filter((x) => x.positions < x.budget && x.searchMs >= x.capMs);
  check(moves.length > 0 && short.length === 0,
    `${g.id}: the computer's moves searched their budgets: `
      + `${JSON.stringify(moves.map((x) => [x.positions, x.budget, x.searchMs]))} [positions, budget, ms of search]`
      + (capped.length ? `; ${capped.length} stopped at the cap of ${capped[0].capMs} ms of search (a slow machine)` : ''),
    `${g.id}: moves stopped short of their budgets before their cap: `
      + `${JSON.stringify(short.map((x) => [x.positions, x.budget, x.searchMs, x.capMs]))} [positions, budget, ms of search, cap]`);
  const slice = Math.max(0, ...searches.map((x) => x.longestSlice));
  check(long.length > 0 && slice <= THINK_SLICE_MS,
    `${g.id}: the page kept drawing while the computer thought: ${frames} frames in ${ms} ms of search `
      + `(${(1000 * frames / Math.max(1, ms)).toFixed(1)} a second), longest frame ${worst} ms, `
      + `longest slice of search ${slice} ms; the page saw ${page.frames} frames, `
      + `longest gap ${Math.round(page.longest)} ms over the whole game`,
    `${g.id}: the computer's searches [ms, frames, longest frame, longest slice]: `
      + `${JSON.stringify(searches.map((x) => [x.ms, x.frames, x.longestFrame, x.longestSlice]))} `
      + `(need a search of 300+ ms, and no slice of search over ${THINK_SLICE_MS} ms)`);
}
const only = arg('--games', '').split(',').filter(Boolean);
for (const g of games.filter((x) => !only.length || only.includes(x.id))) {
  const name = `web-${g.id}`;
  const { context, page, lines, waitFor } = await openPage(`?${g.query}&VT_AUTOSAVE=${name}&VT_AUTOEXPORT=1`);
  try {
    const download = page.waitForEvent('download', { timeout: PLAY_MS });
    download.catch(() => {}); // awaited below; a failure before then is reported there
    const m = await waitFor(new RegExp(`Saved '${name}': (\\d+) commands, digest ([0-9a-f]+)`), PLAY_MS);
    const [commands, digest] = [Number(m[1]), m[2]];
    const png = join(out, `${g.id}-game.png`);
    await page.screenshot({ path: png });
    const stored = await page.evaluate((k) => localStorage.getItem(k), `vietnam-tactics/saves/${name}`);
    const localFile = join(out, `${name}.local.ron`);
    writeFileSync(localFile, stored || '');
    const d = await download;
    const exportFile = join(out, `${name}.export.ron`);
    await d.saveAs(exportFile);
    check(commands > 0 && stored, `${g.id}: ${commands} commands played in the page, digest ${digest}, saved to local storage`,
      `${g.id}: ${commands} commands, local storage has ${stored ? 'the save' : 'nothing'}`);
    check(d.suggestedFilename() === `${name}.ron`, `${g.id}: exported as the download ${d.suggestedFilename()}`,
      `${g.id}: the download is named ${d.suggestedFilename()}`);
    for (const f of [localFile, exportFile]) {
      const r = replay(f);
      check(r.ok && r.digest === digest && r.commands === commands,
        `${g.id}: vt replay ${f}: ${r.commands} commands, digest ${r.digest} (the page's)`,
        `${g.id}: vt replay ${f}: ${JSON.stringify(r)} against the page's ${commands} commands, digest ${digest}`);
    }
    results.games.push({ id: g.id, commands, digest, exportFile });
    const n = colours(png);
    check(n > 200, `${g.id}: screenshot of the game ${png} (${n} colours)`, `${g.id}: screenshot ${png} has only ${n} colours`);
    if (g.computer) thinkingChecks(g, lines, await page.evaluate(() => window.vtFrames));
  } catch (e) {
    bad(`${g.id}: ${e.message} (console in ${dumpLog(g.id, lines)})`);
  }
  dumpLog(g.id, lines);
  await context.close();
}

// 4. Import through the file picker.
for (const g of results.games.slice(0, 1)) {
  const { context, page, lines, waitFor } = await openPage('?VT_AUTOIMPORT=1');
  try {
    await waitFor(/vt-times /, 120000);
    const input = page.locator('#rfd-input');
    await input.waitFor({ state: 'attached', timeout: 30000 });
    await input.setInputFiles(g.exportFile);
    const m = await waitFor(/Loaded '([^']*)': (\d+) commands, digest ([0-9a-f]+)/, 60000);
    check(Number(m[2]) === g.commands && m[3] === g.digest,
      `import: ${g.exportFile} loaded in the page as '${m[1]}', ${m[2]} commands, digest ${m[3]}`,
      `import: loaded ${m[2]} commands, digest ${m[3]}; expected ${g.commands}, ${g.digest}`);
  } catch (e) {
    bad(`import: ${e.message} (console in ${dumpLog('import', lines)})`);
  }
  dumpLog('import', lines);
  await context.close();
}

await browser.close();
server.kill();
writeFileSync(join(out, 'results.json'), JSON.stringify(results, null, 1));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

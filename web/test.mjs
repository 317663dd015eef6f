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
//     the same digest.
//
//   node web/test.mjs [--out DIR] [--dist DIR] [--games csar,fte] [--plain] [--vt PATH]
//
// --dist is the built site (web/dist); --plain serves the .wasm as it is
// instead of its .br copy. Prints one
// line per check and `N passed, M failed`; exits 1 if any failed. Run
// web/build.sh first, and `npm ci` in web/ (web/test.sh does both checks).

import { chromium } from 'playwright-core';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
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

// A fresh profile (empty local storage) with the page's console collected.
async function openPage(query = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const lines = [];
  const waiters = [];
  page.on('console', (m) => {
    const t = m.text();
    lines.push(`[${m.type()}] ${t}`);
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

// 1. The menu.
{
  const { context, page, lines, waitFor, wasm } = await openPage();
  try {
    const m = await waitFor(/vt-times (\{.*\})/, 120000);
    const times = JSON.parse(m[1]);
    results.times = times;
    const resp = await wasm;
    const enc = (await resp.allHeaders())['content-encoding'] || 'none';
    await page.waitForTimeout(300);
    const png = join(out, 'menu.png');
    await page.screenshot({ path: png });
    const n = colours(png);
    ok(`menu drawn ${times.menu} ms after navigation (downloaded ${times.downloaded} ms, compiled ${times.compiled} ms; wasm sent with encoding ${enc})`);
    check(n > 200, `screenshot ${png} has ${n} colours`, `screenshot ${png} has only ${n} colours`);
  } catch (e) {
    bad(`menu: ${e.message} (console in ${dumpLog('menu', lines)})`);
  }
  dumpLog('menu', lines);
  await context.close();
}

// 2. Scripted games: played, saved to local storage, exported, replayed natively.
const games = [
  { id: 'csar', query: 'VT_AUTOSTART=csar:30&VT_SEED=5' },
  { id: 'fte', query: 'VT_AUTOSTART=fte:20&VT_SEED=11&VT_SEATS=person,computer' },
];
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
  } catch (e) {
    bad(`${g.id}: ${e.message} (console in ${dumpLog(g.id, lines)})`);
  }
  dumpLog(g.id, lines);
  await context.close();
}

// 3. Import through the file picker.
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

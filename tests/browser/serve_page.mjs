// The gotb serve page in a real browser (issue 21): Debian's chromium,
// headless, driven by puppeteer-core. Loads the page, clicks three moves,
// checks the board and every move marker against the JSON API after each,
// undo/redo, the principal variation, the SGF copy (textarea and
// clipboard) and the position link, on a fixpoint table (3x3) and on the
// exact on-the-fly search (2x2); screenshots at desktop and phone sizes go
// to OUT_DIR. Usage: node serve_page.mjs GOTB OUT_DIR CHROMIUM NODE_MODULES
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';

const [gotb, out, chrome, modules] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const puppeteer = require('puppeteer-core');

let failures = 0, checks = 0;
function check(cond, what) {
  ++checks;
  if (!cond) { ++failures; console.log('FAIL: ' + what); }
}

// The server, on a free loopback port it prints at start.
function startServer() {
  return new Promise((resolve, reject) => {
    const p = spawn(gotb, ['serve', '--dir', path.join(out, 'tables'), '--port', '0', '--search-budget', '2000000',
      '--search-max-points', '6'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    p.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/listening on (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) resolve({ proc: p, base: m[1] });
    });
    p.on('exit', (code) => reject(new Error('gotb serve exited ' + code + ': ' + text)));
    setTimeout(() => reject(new Error('gotb serve did not start: ' + text)), 20000);
  });
}

async function apiGet(base, what, params) {
  const r = await fetch(base + '/api/v1/' + what + '?' + new URLSearchParams(params));
  const body = what === 'sgf' ? await r.text() : await r.json();
  assert.equal(r.status, 200, what + ' ' + JSON.stringify(params) + ': ' + JSON.stringify(body));
  return body;
}

// What a marker must show for a move, computed here from the API result
// independently of the page's code: the mover's margin and its class.
function expected(result, m) {
  const black = result.to_move === 'Black';
  let points = null;
  if (m.value && typeof m.value === 'object') {          // exact search shape
    if (m.exact && m.value.kind === 'score') points = m.value.points;
  } else if (m.exact || m.fixpoints_agree) {             // fixpoint table shape
    if (Math.abs(m.gfp_order) < 1000) points = m.gfp_order / 2;
  }
  if (points === null) return { cls: 'unknown', margin: '?' };
  const mine = black ? points : -points;
  const cls = mine > 0 ? 'win' : mine < 0 ? 'loss' : 'draw';
  let margin = (mine > 0 ? '+' : mine < 0 ? '\u2212' : '') + Math.abs(mine);
  if (!m.exact) margin = '~' + margin;
  return { cls, margin };
}

async function waitReady(page, n) {
  await page.waitForSelector(`#status[data-state="ready"][data-moves="${n}"]`, { timeout: 20000 });
}

// Board and markers on the page against the API for the same history.
async function compareWithApi(page, base, game, moves, label) {
  const api = await apiGet(base, 'probe', { board: game.board, rules: game.rules, moves: moves.join(',') });
  const dom = await page.evaluate(() => ({
    black: [...document.querySelectorAll('circle.stone.black')].map((e) => e.dataset.point).sort(),
    white: [...document.querySelectorAll('circle.stone.white')].map((e) => e.dataset.point).sort(),
    markers: Object.fromEntries([...document.querySelectorAll('g.pt')].map((g) =>
      [g.dataset.point, { cls: g.dataset.class, margin: g.dataset.margin, best: g.classList.contains('best') }])),
    list: [...document.querySelectorAll('#movelist li')].map((e) => e.textContent),
    rows: [...document.querySelectorAll('#values tbody tr')].map((e) => e.dataset.move),
    link: document.getElementById('link').getAttribute('href'),
    coords: [...document.querySelectorAll('svg text.coord')].map((e) => e.textContent),
  }));
  check(JSON.stringify(dom.black) === JSON.stringify([...api.serve.stones.black].sort()), label + ': black stones ' + dom.black);
  check(JSON.stringify(dom.white) === JSON.stringify([...api.serve.stones.white].sort()), label + ': white stones ' + dom.white);
  check(JSON.stringify(dom.list) === JSON.stringify(moves), label + ': move list ' + dom.list);
  const list = Array.isArray(api.moves) ? api.moves : api.move_values;
  check(JSON.stringify(dom.rows) === JSON.stringify(list.map((m) => m.move)), label + ': value table order');
  const points = list.filter((m) => api.serve.points.includes(m.move));
  check(Object.keys(dom.markers).length === points.length, label + ': one marker per legal point move (' +
    Object.keys(dom.markers).length + ' vs ' + points.length + ')');
  for (const m of points) {
    const e = expected(api, m), d = dom.markers[m.move];
    check(d && d.cls === e.cls && d.margin === e.margin,
      label + ': marker ' + m.move + ' shows ' + JSON.stringify(d) + ', API says ' + JSON.stringify(e));
    // The gold ring: exactly the moves the API says keep an exact value.
    check(d && d.best === (m.exact === true && m.keeps_value === true), label + ': optimal-move ring on ' + m.move);
  }
  const link = new URLSearchParams(dom.link.slice(1));
  check(link.get('board') === game.board && link.get('moves') === moves.join(','), label + ': link ' + dom.link);
  for (const c of ['A', '1']) check(dom.coords.includes(c), label + ': coordinate ' + c + ' drawn');
  return api;
}

async function clickPoint(page, point, n) {
  await page.click(`g.pt[data-point="${point}"]`);
  await waitReady(page, n);
}

async function exercise(page, base, game, clicks, shot) {
  const origin = new URL(base).origin;
  await page.goto(base + '/?' + new URLSearchParams({ board: game.board, rules: game.rules }), { waitUntil: 'networkidle0' });
  await waitReady(page, 0);
  await compareWithApi(page, base, game, [], game.board + ' start');
  const moves = [];
  for (const p of clicks) {
    moves.push(p);
    await clickPoint(page, p, moves.length);
    await compareWithApi(page, base, game, moves, game.board + ' after ' + moves.join(','));
  }
  // Undo and redo.
  await page.click('#undo');
  await waitReady(page, moves.length - 1);
  await compareWithApi(page, base, game, moves.slice(0, -1), game.board + ' undo');
  await page.click('#redo');
  await waitReady(page, moves.length);
  await compareWithApi(page, base, game, moves, game.board + ' redo');
  // The principal variation on demand.
  await page.click('#pv-button');
  await page.waitForSelector('#pv[data-line]', { timeout: 30000 });
  const pvDom = await page.$eval('#pv', (e) => e.dataset.line);
  const pvApi = await apiGet(base, 'pv', { board: game.board, rules: game.rules, moves: moves.join(',') });
  check(pvDom === pvApi.pv.join(','), game.board + ': PV on the page ' + pvDom + ' = API ' + pvApi.pv.join(','));
  // Copy SGF: the textarea and the clipboard hold the API's SGF.
  await page.click('#sgf-button');
  await page.waitForSelector('#sgf[data-ready="1"]', { timeout: 20000 });
  const sgfDom = await page.$eval('#sgf', (e) => e.value);
  const sgfApi = await apiGet(base, 'sgf', { board: game.board, rules: game.rules, moves: moves.join(',') });
  check(sgfDom === sgfApi, game.board + ': SGF textarea equals /api/v1/sgf');
  check(sgfDom.includes(';B[') && sgfDom.includes('RU[' + game.rules + ']'), game.board + ': SGF has the moves and rules');
  const clip = await page.evaluate(async () => { try { return await navigator.clipboard.readText(); } catch (e) { return 'ERR ' + e; } });
  check(clip === sgfApi, game.board + ': clipboard holds the SGF (' + clip.slice(0, 60) + ')');
  await page.screenshot({ path: path.join(out, shot + '-desktop.png'), fullPage: true });
  // The link reproduces the position in a fresh load.
  const href = await page.$eval('#link', (e) => e.href);
  check(new URL(href).origin === origin, game.board + ': link stays on this server');
  await page.goto(href, { waitUntil: 'networkidle0' });
  await waitReady(page, moves.length);
  await compareWithApi(page, base, game, moves, game.board + ' from the link');
  // Phone-sized window.
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await page.reload({ waitUntil: 'networkidle0' });
  await waitReady(page, moves.length);
  const fit = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth, view: window.innerWidth,
    board: document.getElementById('board-svg').getBoundingClientRect().width,
  }));
  check(fit.page <= fit.view + 1, game.board + ': no horizontal scrolling on a phone (' + fit.page + ' > ' + fit.view + ')');
  check(fit.board >= 250, game.board + ': the board fills a phone screen (' + fit.board + ' px)');
  await page.screenshot({ path: path.join(out, shot + '-phone.png'), fullPage: true });
  await page.setViewport({ width: 1280, height: 900 });
}

const server = await startServer();
const profile = fs.mkdtempSync(path.join(out, 'chromium-profile-'));
const browser = await puppeteer.launch({
  executablePath: chrome,
  headless: true,
  userDataDir: profile,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
});
let code = 0;
try {
  const context = browser.defaultBrowserContext();
  await context.overridePermissions(server.base, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const foreign = [], errors = [];
  page.on('request', (r) => { if (!r.url().startsWith(server.base) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  // A fixpoint table (values shown as not proven) and the exact search.
  await exercise(page, server.base, { board: '3x3', rules: 'tromp-taylor' }, ['B2', 'A1', 'C3'], '3x3-table');
  await exercise(page, server.base, { board: '2x2', rules: 'tromp-taylor' }, ['A1', 'B2', 'A2'], '2x2-search');
  // The exact search must colour its moves: a win, a draw or a loss.
  await page.goto(server.base + '/?board=2x2&rules=tromp-taylor&moves=A1', { waitUntil: 'networkidle0' });
  await waitReady(page, 1);
  const classes = await page.$$eval('g.pt', (gs) => gs.map((g) => g.dataset.class));
  check(classes.length > 0 && classes.every((c) => c !== 'unknown'), '2x2 search: every marker coloured (' + classes + ')');
  await page.screenshot({ path: path.join(out, '2x2-search-A1.png') });
  check(foreign.length === 0, 'no request leaves the server: ' + foreign.join(' '));
  check(errors.length === 0, 'no console errors: ' + errors.join(' | '));
} catch (e) {
  console.log('FAIL: ' + (e.stack || e));
  code = 1;
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
  fs.rmSync(profile, { recursive: true, force: true });
}
console.log(`serve page in chromium: ${checks - failures} passed, ${failures} failed; screenshots in ${out}`);
process.exit(code || (failures ? 1 : 0));

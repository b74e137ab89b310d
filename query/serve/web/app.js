// gotb explorer: plain JavaScript over the JSON API of `gotb serve`
// (docs/http.md). No library, no network access beyond this server.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const state = { board: '', rules: '', komi: null, moves: [], redo: [], result: null, tables: [], seq: 0 };

function query(extra) {
  const p = new URLSearchParams({ board: state.board, rules: state.rules });
  if (state.komi !== null) p.set('komi', state.komi);
  p.set('moves', state.moves.join(','));
  for (const [k, v] of Object.entries(extra || {})) p.set(k, v);
  return p.toString();
}

async function api(path, extra) {
  const res = await fetch('/api/v1/' + path + '?' + query(extra), { cache: 'no-store' });
  const type = res.headers.get('content-type') || '';
  const body = type.startsWith('application/json') ? await res.json() : await res.text();
  if (!res.ok) throw new Error(body && body.error ? body.error.message : 'HTTP ' + res.status);
  return body;
}

function setStatus(text, kind) {
  $('status').textContent = text;
  $('status').dataset.state = kind;
}

// One move's value for the player to move, from either result shape: the
// exact search (`value` objects, Black's view) or a fixpoint table
// (`gfp`/`lfp` texts and orders in half points; exact only when the move
// ends the game).
function moveView(result, m) {
  const black = result.to_move === 'Black';
  let points = null, exact = false, approx = false, text = '?';
  if (m.value && typeof m.value === 'object') {
    exact = !!m.exact;
    text = m.value ? m.value.text : '?';
    if (exact && m.value.kind === 'score') points = m.value.points;
    else if (exact && m.value.kind === 'black-wins') points = Infinity;
    else if (exact && m.value.kind === 'white-wins') points = -Infinity;
    if (!exact && m.lower && m.upper) text = '[' + m.lower.text + ', ' + m.upper.text + ']';
  } else if ('gfp' in m) {
    exact = !!m.exact;
    text = exact ? m.gfp : (m.fixpoints_agree ? m.gfp + ' (fixpoints)' : m.lfp + ' .. ' + m.gfp);
    const scoreOrder = Math.abs(m.gfp_order) < 1000;
    if ((exact || m.fixpoints_agree) && scoreOrder) { points = m.gfp_order / 2; approx = !exact; }
  }
  let cls = 'unknown', margin = '?';
  if (points !== null) {
    const mine = black ? points : -points;
    cls = mine > 0 ? 'win' : mine < 0 ? 'loss' : 'draw';
    margin = !isFinite(mine) ? (mine > 0 ? 'W' : 'L') : (mine > 0 ? '+' : mine < 0 ? '\u2212' : '') + Math.abs(mine);
    if (approx) margin = '~' + margin;
  }
  // Optimal moves (they keep the state's exact value) get a gold ring.
  const best = exact && m.keeps_value === true;
  return { move: m.move, cls: cls + (approx ? ' approx' : '') + (best ? ' best' : ''), base: cls, margin, text, exact, best };
}

function movesOf(result) {
  if (Array.isArray(result.moves)) return result.moves;          // exact search shape
  if (Array.isArray(result.move_values)) return result.move_values;  // fixpoint table shape
  return [];
}

function valueText(result) {
  const v = result.value;
  if (v && typeof v === 'object' && 'gfp' in v)
    return v.exact ? v.gfp : (v.fixpoints_agree ? v.gfp + ' (both fixpoints; not proven)' : 'between ' + v.lfp + ' and ' + v.gfp + ' (fixpoints; not proven)');
  if (v && typeof v === 'object') return v.text + (result.exact ? ' (exact)' : '');
  return '?';
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function drawBoard(result) {
  const box = $('board-box');
  box.textContent = '';
  const s = result.serve;
  if (!s.grid) { box.textContent = 'This board is not a grid: use the move table.'; return; }
  const R = s.rows, C = s.cols, cell = 48, pad = 50;
  const W = pad * 2 + cell * (C - 1), H = pad * 2 + cell * (R - 1);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'board ' + result.board, id: 'board-svg' });
  // Small boards are not blown up past twice their natural size (CSSOM,
  // which the page's Content-Security-Policy allows, unlike style="").
  svg.style.maxWidth = Math.round(W * 2) + 'px';
  el('rect', { x: 0, y: 0, width: W, height: H, fill: 'var(--wood)', rx: 6 }, svg);
  const xy = (i) => [pad + cell * (i % C), pad + cell * Math.floor(i / C)];
  for (let r = 0; r < R; ++r) el('line', { class: 'grid', x1: pad, y1: pad + r * cell, x2: pad + (C - 1) * cell, y2: pad + r * cell }, svg);
  for (let c = 0; c < C; ++c) el('line', { class: 'grid', x1: pad + c * cell, y1: pad, x2: pad + c * cell, y2: pad + (R - 1) * cell }, svg);
  for (let c = 0; c < C; ++c) {
    const name = s.points[c].replace(/[0-9]+$/, '');
    for (const y of [pad * 0.4, H - pad * 0.4]) el('text', { class: 'coord', x: pad + c * cell, y }, svg).textContent = name;
  }
  for (let r = 0; r < R; ++r) {
    const num = s.points[r * C].match(/[0-9]+$/)[0];
    for (const x of [pad * 0.4, W - pad * 0.4]) el('text', { class: 'coord', x, y: pad + r * cell }, svg).textContent = num;
  }
  const index = new Map(s.points.map((n, i) => [n.toUpperCase(), i]));
  for (const [colour, list] of [['black', s.stones.black], ['white', s.stones.white]])
    for (const name of list) {
      const [x, y] = xy(index.get(name.toUpperCase()));
      el('circle', { class: 'stone ' + colour, cx: x, cy: y, r: cell * 0.46, 'data-point': name }, svg);
    }
  const last = state.moves[state.moves.length - 1];
  if (last && index.has(last.toUpperCase())) {
    const [x, y] = xy(index.get(last.toUpperCase()));
    el('circle', { class: 'last', cx: x, cy: y, r: cell * 0.16 }, svg);
  }
  if (!result.game_over)
    for (const m of movesOf(result).map((m) => moveView(result, m))) {
      if (!index.has(m.move.toUpperCase())) continue;
      const [x, y] = xy(index.get(m.move.toUpperCase()));
      const g = el('g', { class: 'pt ' + m.cls, 'data-point': m.move, 'data-class': m.base, 'data-margin': m.margin, tabindex: 0, role: 'button', 'aria-label': m.move + ' ' + m.text }, svg);
      el('rect', { class: 'hit', x: x - cell / 2, y: y - cell / 2, width: cell, height: cell }, g);
      el('circle', { cx: x, cy: y, r: cell * 0.3 }, g);
      el('text', { x, y }, g).textContent = m.margin;
      el('title', {}, g).textContent = m.move + ': ' + m.text;
      g.addEventListener('click', () => play(m.move));
      g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') play(m.move); });
    }
  box.appendChild(svg);
}

// The table picker follows the game on show ("no table" for the search).
function syncPicker(result) {
  const sel = $('table');
  const i = state.tables.findIndex((t) => t.board === result.board && t.rules === result.rules && t.komi === result.komi);
  let none = sel.querySelector('option[value="-1"]');
  if (i < 0 && !none) { none = new Option('(no table: exact search)', -1); sel.add(none, 0); }
  sel.value = String(i);
}

function render(result) {
  state.result = result;
  syncPicker(result);
  drawBoard(result);
  const src = result.serve.source === 'table' ? 'table ' + result.serve.table : 'exact search on the fly';
  const head = result.game_over ? 'Game over: ' + valueText(result) : result.to_move + ' to move. Value ' + valueText(result);
  $('summary').textContent = head + ' \u2014 Black minus White, komi ' + result.komi + '; from ' + src + '.';
  const body = $('values').tBodies[0];
  body.textContent = '';
  for (const m of movesOf(result).map((m) => moveView(result, m))) {
    const tr = body.insertRow();
    tr.dataset.move = m.move;
    tr.insertCell().textContent = m.move + (m.best ? ' \u2605' : '');
    tr.insertCell().textContent = m.text;
    const c = tr.insertCell();
    c.textContent = m.margin;
    c.className = m.base;
  }
  const list = $('movelist');
  list.textContent = '';
  state.moves.forEach((mv, i) => {
    const li = document.createElement('li');
    li.textContent = mv;
    li.dataset.ply = i + 1;
    if (i === state.moves.length - 1) li.className = 'current';
    li.addEventListener('click', () => jump(i + 1));
    list.appendChild(li);
  });
  $('note').textContent = result.note || '';
  $('undo').disabled = state.moves.length === 0;
  $('redo').disabled = state.redo.length === 0;
  const legalPass = movesOf(result).some((m) => m.move === 'pass');
  $('pass').disabled = result.game_over || !legalPass;
  const link = '?' + query();
  $('link').href = link;
  history.replaceState(null, '', link);
  setStatus(result.game_over ? 'Game over.' : result.to_move + ' to move.', 'ready');
  $('status').dataset.moves = state.moves.length;
}

async function load() {
  const seq = ++state.seq;
  setStatus('Loading\u2026', 'loading');
  $('pv').textContent = '';
  try {
    const r = await api('probe');
    if (seq === state.seq) render(r);
  } catch (e) {
    if (seq === state.seq) setStatus(e.message, 'error');
  }
}

function play(move) { state.moves.push(move); state.redo = []; load(); }
function undo() { if (state.moves.length) { state.redo.push(state.moves.pop()); load(); } }
function redo() { if (state.redo.length) { state.moves.push(state.redo.pop()); load(); } }
function jump(ply) { while (state.moves.length > ply) state.redo.push(state.moves.pop()); load(); }

async function showPv() {
  $('pv').textContent = 'Computing\u2026';
  try {
    const r = await api('pv');
    // result is null where the values are not proven (a fixpoint table).
    const end = r.result ? ' \u2192 ' + r.result.text : '';
    $('pv').textContent = (r.pv.length ? r.pv.join(' ') : (r.exact ? '(the game is over)' : '(no line)')) + end + '. ' + r.note;
    $('pv').dataset.line = r.pv.join(',');
  } catch (e) { $('pv').textContent = e.message; }
}

async function copySgf() {
  const area = $('sgf');
  try {
    const text = await api('sgf');
    area.value = text;
    area.hidden = false;
    try { await navigator.clipboard.writeText(text); setStatus('SGF copied to the clipboard.', 'ready'); }
    catch (e) { area.select(); setStatus('SGF below: select it and copy.', 'ready'); }
    area.dataset.ready = '1';
  } catch (e) { setStatus(e.message, 'error'); }
}

function openGame(board, rules, komi, moves) {
  state.board = board; state.rules = rules; state.komi = komi; state.moves = moves; state.redo = [];
  $('board').value = board; $('rules').value = rules;
  $('sgf').hidden = true;
  load();
}

async function init() {
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('pass').addEventListener('click', () => play('pass'));
  $('restart').addEventListener('click', () => jump(0));
  $('pv-button').addEventListener('click', showPv);
  $('sgf-button').addEventListener('click', copySgf);
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowLeft') undo();
    if (e.key === 'ArrowRight') redo();
  });
  $('game-form').addEventListener('submit', (e) => { e.preventDefault(); openGame($('board').value.trim(), $('rules').value.trim(), null, []); });
  $('table').addEventListener('change', () => {
    const t = state.tables[Number($('table').value)];
    if (t) openGame(t.board, t.rules, t.komi, []);
  });
  let tables = { tables: [] };
  try {
    const res = await fetch('/api/v1/tables', { cache: 'no-store' });
    tables = await res.json();
  } catch (e) { setStatus('Cannot reach the server: ' + e.message, 'error'); return; }
  state.tables = tables.tables.filter((t) => t.served);
  const sel = $('table');
  state.tables.forEach((t, i) => sel.add(new Option(t.board + ' \u00b7 ' + t.rules + ' \u00b7 komi ' + t.komi, i)));
  if (!state.tables.length) sel.add(new Option('(no tables)', -1));
  const p = new URLSearchParams(location.search);
  if (p.get('board')) {
    const moves = (p.get('moves') || '').split(/[\s,]+/).filter(Boolean);
    openGame(p.get('board'), p.get('rules') || 'tromp-taylor', p.has('komi') ? p.get('komi') : null, moves);
  } else if (state.tables.length) {
    const t = state.tables[0];
    openGame(t.board, t.rules, t.komi, []);
  } else {
    setStatus(tables.search && tables.search.enabled ? 'No tables: type a small board and rules (exact search on the fly).' : 'No tables in the served directory.', 'ready');
  }
}

init();

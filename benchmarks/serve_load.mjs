// Load test of gotb serve (issue 21), loopback only, bounded in time:
// CLIENTS concurrent keep-alive clients for SECONDS seconds, each playing
// random games through /api/v1/probe (a random legal move of each answer,
// a new game at the end or after 12 moves). Prints requests/s, latency
// percentiles, errors and the server's resident memory before and after.
// Usage (benchmarks/serve_load.sh runs it): node serve_load.mjs BASE_URL PID SECONDS CLIENTS BOARD RULES
import http from 'node:http';
import fs from 'node:fs';

const [base, pid, seconds, clients, board, rules] = process.argv.slice(2);
const url = new URL(base);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error('loopback only: ' + base);
const duration = Math.min(Number(seconds), 120) * 1000;  // never longer than two minutes
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(clients) });

function rss() {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) : NaN;
}

function get(path) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get({ host: url.hostname, port: url.port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, body, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('error', (e) => resolve({ status: 0, body: String(e), ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
  });
}

const latencies = [];
let errors = 0, firstError = '';
async function client(end) {
  let moves = [];
  while (Date.now() < end) {
    const r = await get('/api/v1/probe?' + new URLSearchParams({ board, rules, moves: moves.join(',') }));
    latencies.push(r.ms);
    if (r.status !== 200) {
      if (!errors++) firstError = r.status + ' ' + r.body.slice(0, 200);
      moves = [];
      continue;
    }
    const j = JSON.parse(r.body);
    const list = j.moves || j.move_values || [];
    if (j.game_over || list.length === 0 || moves.length >= 12) { moves = []; continue; }
    moves.push(list[Math.floor(Math.random() * list.length)].move);
  }
}

// Warm-up (caches, thread pool), then the measured run.
await Promise.all(Array.from({ length: Number(clients) }, () => client(Date.now() + 1000)));
latencies.length = 0;
errors = 0;
const rssBefore = rss();
const start = Date.now();
await Promise.all(Array.from({ length: Number(clients) }, () => client(start + duration)));
const elapsed = (Date.now() - start) / 1000;
const rssAfter = rss();
latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
console.log(`gotb serve load: ${clients} clients, ${elapsed.toFixed(1)} s, board ${board}, rules ${rules}`);
console.log(`requests   ${latencies.length} (${(latencies.length / elapsed).toFixed(0)} req/s)`);
console.log(`latency    p50 ${q(0.5).toFixed(2)} ms, p90 ${q(0.9).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, max ${latencies[latencies.length - 1].toFixed(2)} ms`);
console.log(`errors     ${errors}${errors ? ' (first: ' + firstError + ')' : ''}`);
console.log(`server RSS ${(rssBefore / 1024).toFixed(1)} MiB after warm-up, ${(rssAfter / 1024).toFixed(1)} MiB at the end (${rssAfter - rssBefore >= 0 ? '+' : ''}${rssAfter - rssBefore} kB)`);
agent.destroy();
process.exit(errors ? 1 : 0);

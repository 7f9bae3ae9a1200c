// Prints the side-by-side table of `make bench-peers` from the JSON lines run_peers.sh kept:
//   node server/bench/peers_table.mjs build/bench-peers 20
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, limitArg] = process.argv.slice(2);
const p99Limit = Number(limitArg ?? 20);

function load(name) {
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8').trim();
  return text ? JSON.parse(text) : null;
}

const servers = ['kesher', 'ejabberd'].map((name) => ({
  name,
  chat: load(`${name}-chat`),
  idle: load(`${name}-connections`),
}));

const count = (n, digits = 0) =>
  n === undefined || n === null || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// CPU per message at the highest rate both servers held: the same load on both.
const heldRates = servers.map(
  (s) => new Set((s.chat?.steps ?? []).filter((step) => step.held).map((step) => step.target_rate)),
);
const common = [...heldRates[0]].filter((rate) => heldRates[1].has(rate)).sort((a, b) => b - a)[0];
// A rate measured twice (a retry after a miss): the window that held.
const stepAt = (server, rate) => {
  const windows = server.chat?.steps?.filter((step) => step.target_rate === rate) ?? [];
  return windows.find((step) => step.held) ?? windows[0];
};

function describeBest(server) {
  const best = server.chat?.highest_held;
  if (!server.chat) return { rate: '–', detail: 'no run' };
  if (!best) return { rate: 'none held', detail: '' };
  const last = server.chat.steps.at(-1);
  const stopped =
    last && !last.held
      ? `; at ${count(last.target_rate)} offered p99 ${count(last.latency.p99_ms, 1)} ms, ` +
        `${count(last.undelivered)} undelivered, ${count(last.errors_total)} refused`
      : '; the highest rate tried';
  return {
    rate: count(best.delivered_per_s),
    detail: `offered ${count(best.target_rate)}, p99 ${count(best.latency.p99_ms, 2)} ms${stopped}`,
  };
}

const ratio = (kesher, ejabberd, higherIsBetter) => {
  if (!(kesher > 0) || !(ejabberd > 0)) return '–';
  const r = higherIsBetter ? kesher / ejabberd : ejabberd / kesher;
  return `${r.toFixed(1)}×`;
};

const [k, e] = servers;
const kBest = k.chat?.highest_held;
const eBest = e.chat?.highest_held;
const rows = [
  [
    `delivered msg/s at p99 ≤ ${p99Limit} ms (highest rate that held)`,
    describeBest(k).rate,
    describeBest(e).rate,
    ratio(kBest?.delivered_per_s, eBest?.delivered_per_s, true),
  ],
  [
    'server CPU µs per delivered message, at that rate',
    count(kBest?.server_cpu_us_per_delivered, 1),
    count(eBest?.server_cpu_us_per_delivered, 1),
    ratio(kBest?.server_cpu_us_per_delivered, eBest?.server_cpu_us_per_delivered, false),
  ],
  [
    common
      ? `server CPU µs per delivered message, both at ${count(common)} msg/s`
      : 'server CPU µs per delivered message at a rate both held',
    count(stepAt(k, common)?.server_cpu_us_per_delivered, 1),
    count(stepAt(e, common)?.server_cpu_us_per_delivered, 1),
    ratio(
      stepAt(k, common)?.server_cpu_us_per_delivered,
      stepAt(e, common)?.server_cpu_us_per_delivered,
      false,
    ),
  ],
  [
    'RSS per idle authenticated connection (bytes)',
    count(k.idle?.server_bytes_per_socket),
    count(e.idle?.server_bytes_per_socket),
    ratio(k.idle?.server_bytes_per_socket, e.idle?.server_bytes_per_socket, false),
  ],
];

console.log('');
console.log('| figure | Kesher | ejabberd | Kesher ahead by |');
console.log('|---|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log('');
for (const server of servers) {
  const best = describeBest(server);
  const idle = server.idle;
  console.log(`- ${server.name}: ${best.detail}`);
  if (idle) {
    console.log(
      `  idle: ${count(idle.connected)} sockets, RSS ${count(idle.server_rss_mib_before, 1)} → ` +
        `${count(idle.server_rss_mib_after, 1)} MiB, ${count(idle.verify_authenticated)} of ` +
        `${count(idle.verify_asked)} sampled answered as signed in`,
    );
  }
  for (const step of server.chat?.steps ?? []) {
    console.log(
      `  ${count(step.target_rate)} msg/s${step.retry ? ' (again)' : ''}: delivered ${count(step.delivered_per_s)}/s, p50 ` +
        `${count(step.latency.p50_ms, 2)} ms, p99 ${count(step.latency.p99_ms, 2)} ms, server ` +
        `${count(step.server_cpu_percent_of_core)}% of a core, ` +
        `${count(step.server_cpu_us_per_delivered, 1)} µs/msg, generator ` +
        `${count(step.generator_cpu_percent_of_core)}%, other processes ` +
        `${count(step.other_cpu_percent_of_core)}%${step.held ? '' : ' (did not hold)'}`,
    );
  }
}

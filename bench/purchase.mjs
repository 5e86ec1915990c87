// Benchmark: auction purchases per second under contention on PostgreSQL (DESIGN.md sections 3 and
// 6), with the money and stock invariants checked in SQL after each run. Two runs, each on a
// database of its own on the local server (dropped afterwards): one API server process, then two
// processes on one database (half the clients each). Everything goes through the real HTTP API:
// players, money and listings are seeded with bridge events (POST /api/bridge/events), and buyers
// buy with POST /api/auction/purchase and their own bearer tokens, each request with an
// Idempotency-Key, some of them sent twice. Writes its section of bench/RESULTS.md; exits non-zero
// if an invariant is broken or an answer is unexpected. Usage: npm run bench -- purchase
//
// Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS per
// run (10), BENCH_CONNECTIONS concurrent clients (50), BENCH_BUYERS (200), BENCH_SELLERS (20),
// BENCH_HOT_LISTINGS (6), BENCH_SMALL_LISTINGS (3000), BENCH_RETRY_SHARE (0.05),
// BENCH_SERVER_NODE_ARGS (Node options for the API servers, e.g. --cpu-prof --cpu-prof-dir=DIR).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import {
  cpuSeconds,
  createDatabase,
  describeMachine,
  fmt,
  log,
  machineCpu,
  newSecrets,
  postJson,
  query,
  random,
  root,
  runBenchmark,
  since,
  startApiServer,
} from './lib/harness.mjs';
import { writeSection } from './lib/results.mjs';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const BUYERS = Number(env.BENCH_BUYERS ?? 200);
const SELLERS = Number(env.BENCH_SELLERS ?? 20);
const HOT = Number(env.BENCH_HOT_LISTINGS ?? 6);
const SMALL = Number(env.BENCH_SMALL_LISTINGS ?? 3000);
const RETRY_SHARE = Number(env.BENCH_RETRY_SHARE ?? 0.05);
const GOAL_PER_SECOND = 500;
/** Units of the hot listings: 250, 500, 1000, …: the first ones sell out during a run, the last not. */
const hotUnits = (i) => 250 * 2 ** i;
/** Small listings hold 1 to 5 units. */
const smallUnits = (i) => 1 + (i % 5);
/** Share of the purchases aimed at the hot listings (while some are left). */
const HOT_SHARE = 0.5;
/** How often a buyer's listing page catches up with what others bought (sold-out listings vanish). */
const VIEW_MS = 500;
const WARMUP_SECONDS = 2;
/** Each buyer's starting money (10^15: prison economies are that large), and each seller's. */
const BUYER_FUNDS = '1000000000000000.00';
const SELLER_FUNDS = '12345.67';
const SEED_REASON = 'bench seed';
const BATCH = 500; // the bridge's most events per batch
const PURCHASES_PER_MINUTE = 60; // per player: the route's rate limit (auction/routes.ts)
// The analysis of the figures, kept by hand and copied into RESULTS.md.
const NOTES = join(root, 'bench/purchase-notes.md');

// The server's own answers for refusals (auction/service.ts).
const LISTING_GONE = 'This listing is no longer available';
const ONLY_LEFT = /^Only \d+ left$/;

const KINDS = {
  bought: 'bought',
  replayed: 'answered again (same key)',
  soldOut: 'sold out (409)',
  notEnough: 'not enough left (409)',
  rateLimited: 'rate limited (429)',
  busy: 'busy, try again (503)',
  unexpected: 'unexpected',
};

/** A small seeded generator (mulberry32), so every run asks for the same mix. */

const agent = new http.Agent({ keepAlive: true });

/** POST with a JSON body over a keep-alive connection; answers `{status, body}` (body parsed). */
const post = (origin, path, headers, body) => postJson(new URL(path, origin), headers, body, agent);

/** Everything the bridge must create for one run, and what it adds up to. */
function world(label) {
  const player = (name) => ({ uuid: randomUUID(), name });
  const buyers = Array.from({ length: BUYERS }, (_, i) => player(`Buyer${i}`));
  // The warm-up has buyers and a listing of its own, so the measured buyers start with the whole
  // rate limit and the measured listings full.
  const warmupBuyers = Array.from({ length: CONNECTIONS }, (_, i) => player(`Warm${i}`));
  const sellers = Array.from({ length: SELLERS }, (_, i) => player(`Seller${i}`));
  const listing = (id, seller, category, qty, price, item) => ({
    id,
    qty,
    event: {
      type: 'auction.listed',
      listing_id: id,
      seller_uuid: seller.uuid,
      category_key: category,
      category_name: category === 'hot' ? 'Hot drops' : `Category ${category}`,
      item,
      qty,
      price,
    },
  });
  const hot = Array.from({ length: HOT }, (_, i) =>
    listing(`${label}-hot-${i}`, sellers[i % SELLERS], 'hot', hotUnits(i), `${987654 - i}.32`, {
      name: `Legendary Pickaxe ${i}`,
      icon: 'diamond_pickaxe',
    }),
  );
  const small = Array.from({ length: SMALL }, (_, i) =>
    listing(
      `${label}-small-${i}`,
      sellers[(i * 7) % SELLERS],
      `cat${i % 8}`,
      smallUnits(i),
      `${1 + ((i * 37) % 9999)}.${String(i % 100).padStart(2, '0')}`,
      { name: `Block lot ${i}`, icon: 'diamond_block' },
    ),
  );
  const warmup = listing(`${label}-warmup`, sellers[0], 'warmup', 1_000_000, '10.00', {
    name: 'Cobblestone',
    icon: 'cobblestone',
  });
  const everyone = [...buyers, ...warmupBuyers, ...sellers];
  const funds = (p) => (p.name.startsWith('Seller') ? SELLER_FUNDS : BUYER_FUNDS);
  const events = [
    ...everyone.map((p) => ({ type: 'player.join', uuid: p.uuid, username: p.name })),
    ...everyone.map((p) => ({ type: 'player.balance', uuid: p.uuid, delta: funds(p), reason: SEED_REASON })),
    ...[...hot, ...small, warmup].map((l) => l.event),
  ].map((event, i) => ({ id: `${label}-seed-${i}`, ...event }));
  // Exact, in cents: the money that exists, which purchases only move around.
  const cents = (amount) => BigInt(amount.replace('.', ''));
  const total = everyone.reduce((sum, p) => sum + cents(funds(p)), 0n);
  const seeded = `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
  return { buyers, warmupBuyers, sellers, hot, small, warmup, events, seeded };
}

async function seed(server, events) {
  for (let i = 0; i < events.length; i += BATCH) {
    const batch = events.slice(i, i + BATCH);
    const { status, body } = await post(
      server.origin,
      '/api/bridge/events',
      { authorization: `Bearer ${server.bridgeToken}` },
      JSON.stringify({ events: batch }),
    );
    if (status !== 200 || body.applied !== batch.length) {
      throw new Error(`POST /api/bridge/events: HTTP ${status} ${JSON.stringify(body).slice(0, 500)}`);
    }
  }
}

/**
 * What the buyers' listing pages show: the listings not known to be sold out. What one buyer
 * learns (a last unit bought, a "no longer available") reaches the others' pages every VIEW_MS, as
 * pages that refresh; until then they still try, as a rush does.
 */
class ListingView {
  constructor(hot, small) {
    this.hot = hot.map((l) => l.id);
    this.small = small.map((l) => l.id);
    this.learned = new Set();
    this.timer = setInterval(() => this.refresh(), VIEW_MS);
  }
  soldOut(id) {
    this.learned.add(id);
  }
  refresh() {
    if (this.learned.size === 0) return;
    this.hot = this.hot.filter((id) => !this.learned.has(id));
    this.small = this.small.filter((id) => !this.learned.has(id));
    this.learned.clear();
  }
  pick(rand) {
    const preferred = rand() < HOT_SHARE ? this.hot : this.small;
    const pool = preferred.length > 0 ? preferred : this.hot.length > 0 ? this.hot : this.small;
    return pool.length === 0 ? null : pool[Math.floor(rand() * pool.length)];
  }
  close() {
    clearInterval(this.timer);
  }
}

// What a backend waits for, in this benchmark's words.
const WAITS = {
  'Lock transactionid': ' (a row another transaction updated)',
  'Lock tuple': ' (queued for a row)',
  'Lock advisory': ' (the same Idempotency-Key)',
  'IO WALSync': ' (flushing its commit)',
};

/**
 * Watches the database while the load runs, on a connection of its own: the CPU time of the
 * PostgreSQL server's processes (read from /proc), and what this database's backends are doing,
 * sampled every 50 ms from pg_stat_activity.
 */
async function watchDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Every PostgreSQL process on this machine, read from /proc: a backend opened during the run (a
  // pool grows as the load starts) is counted whole; the server is this benchmark's alone.
  const pids = async () =>
    existsSync('/proc')
      ? readdirSync('/proc')
          .filter((name) => /^[0-9]+$/.test(name))
          .filter((pid) => {
            try {
              return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
            } catch {
              return false; // gone meanwhile
            }
          })
          .map(Number)
      : [];
  const cpuOf = async () => new Map((await pids()).map((pid) => [pid, cpuSeconds(pid)]));
  const before = await cpuOf();
  const waits = new Map();
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await client.query(
        `select a.state, a.wait_event_type as type, a.wait_event as event,
                exists (select 1 from pg_locks l
                        where l.pid = a.pid and not l.granted and l.locktype = 'object'
                          and l.classid = 'pg_database'::regclass and l.objid = 0) as notify
         from pg_stat_activity a
         where a.datname = current_database() and a.backend_type = 'client backend'
           and a.pid <> pg_backend_pid()`,
      );
      samples++;
      for (const { state, type, event, notify } of rows) {
        const what =
          state === 'idle'
            ? 'idle (no transaction)'
            : state === 'idle in transaction'
              ? 'in a transaction, waiting for the API server'
              : type === null
                ? 'running'
                : notify
                  ? 'committing, waiting for the lock NOTIFY takes at commit'
                  : `waiting: ${type} ${event}${WAITS[`${type} ${event}`] ?? ''}`;
        waits.set(what, (waits.get(what) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    sampling = false;
    await sampler;
    const after = await cpuOf();
    await client.end();
    let cpu = 0;
    for (const [pid, seconds] of after) {
      if (seconds !== null) cpu += seconds - (before.get(pid) ?? 0);
    }
    // Average backends in each state.
    const states = [...waits]
      .map(([what, n]) => ({ what, backends: n / samples }))
      .sort((a, b) => b.backends - a.backends);
    return { cpu: existsSync('/proc/self/stat') ? cpu : null, states };
  };
}

/**
 * CONNECTIONS clients for `seconds`, each one request at a time, client i on server i mod the
 * number of servers (half the clients each with two), with the buyers b where b mod CONNECTIONS is
 * i. A RETRY_SHARE of the purchases is sent twice with the same key: half after the first answer
 * (the answer was lost), half at once (a double click).
 */
async function load({ label, databaseUrl, servers, buyers, tokens, view, seconds, seenIds }) {
  const counts = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, 0]));
  const latencies = [];
  const retried = [];
  const unexpected = [];
  let requests = 0;
  let units = 0;
  let exhausted = false;

  async function send(origin, buyer, key, listingId, qty) {
    const started = performance.now();
    let answer;
    try {
      answer = await post(
        origin,
        '/api/auction/purchase',
        { authorization: `Bearer ${tokens.get(buyer)}`, 'idempotency-key': key },
        JSON.stringify({ id: listingId, qty }),
      );
    } catch (err) {
      answer = { status: 0, body: { detail: String(err) } };
    }
    latencies.push(performance.now() - started);
    requests++;
    const { status, body } = answer;
    let kind = 'unexpected';
    if (status === 200) {
      kind = seenIds.has(body.id) ? 'replayed' : 'bought';
      if (kind === 'bought') {
        seenIds.add(body.id);
        units += qty;
      }
      if (body.remaining === 0) view.soldOut(listingId);
    } else if (status === 409 && body.detail === LISTING_GONE) {
      kind = 'soldOut';
      view.soldOut(listingId);
    } else if (status === 409 && ONLY_LEFT.test(body.detail)) kind = 'notEnough';
    else if (status === 429) kind = 'rateLimited';
    else if (status === 503) kind = 'busy';
    counts[kind]++;
    if (kind === 'unexpected' && unexpected.length < 5)
      unexpected.push(`HTTP ${status} ${JSON.stringify(body)}`);
    return { status, id: status === 200 ? body.id : null, detail: body.detail };
  }

  const deadline = performance.now() + seconds * 1000;
  async function client(i) {
    const rand = random(i + 1);
    const mine = buyers.filter((_, b) => b % CONNECTIONS === i);
    const origin = servers[i % servers.length].origin;
    for (let n = 0; performance.now() < deadline; n++) {
      const buyer = mine[n % mine.length];
      const listingId = view.pick(rand);
      if (listingId === null) {
        exhausted = true;
        return;
      }
      const qty = 1 + Math.floor(rand() * 3);
      const key = `${label}/${i}/${n}`;
      const dice = rand();
      const buy = () => send(origin, buyer, key, listingId, qty);
      if (dice < RETRY_SHARE / 2) {
        retried.push({ buyer, key, way: 'at once', answers: await Promise.all([buy(), buy()]) });
      } else if (dice < RETRY_SHARE) {
        const first = await buy();
        retried.push({ buyer, key, way: 'after the answer', answers: [first, await buy()] });
      } else await buy();
    }
  }

  const pids = servers.map((s) => s.pid);
  const watched = await watchDatabase(databaseUrl);
  const before = { servers: pids.map(cpuSeconds), self: process.cpuUsage(), machine: machineCpu() };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  const machineAfter = machineCpu();
  const database = await watched();
  const serverCpu = pids.map((pid, i) => cpuSeconds(pid) - before.servers[i]);
  const selfCpu = process.cpuUsage(before.self);
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  const busy = machineAfter && machineAfter.busy - before.machine.busy;
  const clientCpu = (selfCpu.user + selfCpu.system) / 1e6;
  return {
    elapsed,
    requests,
    units,
    counts,
    retried,
    unexpected,
    exhausted,
    purchasesPerSecond: counts.bought / elapsed,
    requestsPerSecond: requests / elapsed,
    p50: percentile(0.5),
    p99: percentile(0.99),
    // Server CPU per request: unlike requests/s, it does not depend on which process is the bottleneck.
    serverCpuMs: (serverCpu.reduce((sum, s) => sum + s, 0) * 1000) / requests,
    serverCpu,
    clientCpu,
    machineBusy: busy === null ? null : busy / (machineAfter.total - before.machine.total),
    postgresCpu: database.cpu,
    backendStates: database.states,
    // What neither the servers, nor this process, nor PostgreSQL used: other work on the machine.
    otherCpu:
      busy === null ? null : busy - clientCpu - database.cpu - serverCpu.reduce((sum, s) => sum + s, 0),
  };
}

/** The invariants of DESIGN.md section 3, read from the database: `[{rule, ok, detail}]`. */
async function checkInvariants(databaseUrl, w, warm, result, seenIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async (text, values) => (await client.query(text, values)).rows[0];
  const checks = [];
  const check = (rule, ok, detail) => checks.push({ rule, ok, detail });
  try {
    const stock = await one(
      `select count(*)::int as listings, count(*) filter (where qty_left < 0)::int as negative,
              count(*) filter (where qty_left = 0)::int as sold_out from auction_listings`,
    );
    check(
      'no listing has a negative qty_left',
      stock.negative === 0,
      `${stock.negative} of ${fmt(stock.listings)} listings below zero; ${fmt(stock.sold_out)} sold out`,
    );
    const wallets = await one(
      `select count(*)::int as players, count(*) filter (where balance < 0)::int as negative from players`,
    );
    check(
      'no player has a negative balance',
      wallets.negative === 0,
      `${wallets.negative} of ${fmt(wallets.players)} players below zero`,
    );
    const ledger = await one(
      `select count(*)::int as players,
              count(*) filter (where p.balance <> coalesce(l.total, 0))::int as mismatched
       from players p left join (select player_uuid, sum(delta) as total from ledger group by player_uuid) l
         on l.player_uuid = p.uuid`,
    );
    check(
      "every player's ledger sums to their balance",
      ledger.mismatched === 0,
      `${ledger.mismatched} of ${fmt(ledger.players)} players differ`,
    );
    const money = await one(
      `select sum(balance)::text as balances, (select sum(delta) from ledger)::text as ledger,
              sum(balance) = $1::numeric as kept from players`,
      [w.seeded],
    );
    check(
      'total money equals the seeded total (money only moved between players)',
      money.kept && money.ledger === money.balances,
      `${money.balances} in balances, ${money.ledger} in the ledger, ${w.seeded} seeded`,
    );
    const sold = await one(
      `select count(*) filter (where l.qty_listed - l.qty_left <> coalesce(p.units, 0))::int as mismatched,
              coalesce(sum(l.qty_listed - l.qty_left), 0)::int as units,
              (select count(*)::int from auction_purchases) as purchases
       from auction_listings l
       left join (select listing_id, sum(qty) as units from auction_purchases group by listing_id) p
         on p.listing_id = l.id`,
    );
    check(
      'units sold per listing = qty_listed - qty_left = the sum of its purchases',
      sold.mismatched === 0,
      `${sold.mismatched} listings differ; ${fmt(sold.units)} units in ${fmt(sold.purchases)} purchases`,
    );
    check(
      'every purchase was answered 200 once, and every 200 is a purchase',
      seenIds.size === sold.purchases &&
        warm.counts.bought + result.counts.bought === sold.purchases &&
        warm.units + result.units === sold.units,
      `${fmt(sold.purchases)} purchases in the database, ${fmt(seenIds.size)} distinct ids answered ` +
        `(${fmt(result.counts.bought)} measured + ${fmt(warm.counts.bought)} in the warm-up)`,
    );
    const delivered = await one(
      `select count(*)::int as purchases,
              count(*) filter (where d.deliveries <> 1 or d.units <> p.qty or d.deliveries is null)::int as wrong,
              (select count(*)::int from deliveries) as deliveries
       from auction_purchases p
       left join (select purchase_id, count(*) as deliveries, sum(qty) as units from deliveries group by purchase_id) d
         on d.purchase_id = p.id`,
    );
    check(
      'exactly one delivery per purchase, of its quantity',
      delivered.wrong === 0 && delivered.deliveries === delivered.purchases,
      `${fmt(delivered.deliveries)} deliveries for ${fmt(delivered.purchases)} purchases; ${delivered.wrong} wrong`,
    );
    const paired = await one(
      `select count(*) filter (where l.entries <> 2 or l.total <> 0 or l.entries is null)::int as wrong
       from auction_purchases p
       left join (select reference, count(*) as entries, sum(delta) as total from ledger group by reference) l
         on l.reference = p.id::text`,
    );
    check(
      'each purchase wrote two ledger rows that cancel out',
      paired.wrong === 0,
      `${paired.wrong} purchases without their pair`,
    );
    // Each retried key: at most one purchase; every 200 answered that one; no refusal if it exists.
    const { rows } = await client.query(
      `select k.buyer::text as buyer, k.key, count(p.id)::int as purchases, min(p.id::text) as id
       from unnest($1::uuid[], $2::text[]) as k(buyer, key)
       left join auction_purchases p on p.buyer_uuid = k.buyer and p.idempotency_key = k.key
       group by k.buyer, k.key`,
      [result.retried.map((r) => r.buyer), result.retried.map((r) => r.key)],
    );
    const stored = new Map(rows.map((row) => [`${row.buyer}/${row.key}`, row]));
    const wrong = result.retried.filter(({ buyer, key, answers }) => {
      const row = stored.get(`${buyer}/${key}`);
      const ok = answers.filter((a) => a.status === 200);
      if (row.purchases === 0) return ok.length > 0;
      return (
        row.purchases !== 1 ||
        ok.length === 0 ||
        ok.some((a) => a.id !== row.id) ||
        answers.some((a) => a.status === 409)
      );
    });
    const bought = rows.filter((row) => row.purchases === 1).length;
    check(
      'each retried Idempotency-Key produced one purchase, answered to both requests',
      wrong.length === 0,
      `${fmt(result.retried.length)} keys sent twice (${fmt(bought)} bought, the rest refused both times); ` +
        `${wrong.length} wrong`,
    );
  } finally {
    await client.end();
  }
  return checks;
}

/** One run: a database, `processes` API servers on it, seeding, warm-up, the load, the checks. */
async function scenario(label, processes) {
  const databaseUrl = await createDatabase(`purchase_${processes}`);
  const secrets = newSecrets();
  const servers = [];
  // One after the other: the first migrates the database.
  for (let n = 1; n <= processes; n++) {
    servers.push(await startApiServer(databaseUrl, secrets, `API server ${n}`));
  }
  log(`${label}: ${servers.map((s) => s.origin).join(' and ')} on a fresh database`);

  const step = performance.now();
  const w = world(`p${processes}`);
  await seed(servers[0], w.events);
  log(`  seeded ${fmt(w.events.length)} bridge events in ${since(step)}`);
  const { accessTokens } = await import('../apps/server/src/modules/auth/tokens.ts');
  const signer = accessTokens(secrets.jwtSecret);
  const tokens = new Map();
  // Each buyer signed in: a session the server knows, as a sign-in opens it, and its access token.
  const signedIn = [...w.buyers, ...w.warmupBuyers].map((p) => ({ uuid: p.uuid, sid: randomUUID() }));
  await query(
    databaseUrl,
    'insert into sessions (id, player_uuid) select * from unnest($1::uuid[], $2::uuid[])',
    [signedIn.map((s) => s.sid), signedIn.map((s) => s.uuid)],
  );
  for (const { uuid, sid } of signedIn) tokens.set(uuid, await signer.sign({ uuid, roles: [], sid }));

  const seenIds = new Set();
  const warmView = new ListingView([w.warmup], []);
  const warm = await load({
    label: 'warmup',
    databaseUrl,
    servers,
    buyers: w.warmupBuyers.map((p) => p.uuid),
    tokens,
    view: warmView,
    seconds: WARMUP_SECONDS,
    seenIds,
  });
  warmView.close();
  log(`  warm-up: ${fmt(warm.requestsPerSecond)} requests/s for ${WARMUP_SECONDS} s`);

  const view = new ListingView(w.hot, w.small);
  const result = await load({
    label: 'run',
    databaseUrl,
    servers,
    buyers: w.buyers.map((p) => p.uuid),
    tokens,
    view,
    seconds: SECONDS,
    seenIds,
  });
  view.close();
  const { counts } = result;
  const refused = result.requests - counts.bought - counts.replayed;
  log(
    `  ${fmt(result.purchasesPerSecond)} purchases/s, ${fmt(result.requestsPerSecond)} requests/s ` +
      `(${fmt(result.requests)} in ${result.elapsed.toFixed(1)} s), p50 ${result.p50.toFixed(1)} ms, ` +
      `p99 ${result.p99.toFixed(1)} ms, server CPU ${result.serverCpuMs.toFixed(2)} ms/request`,
  );
  log(
    `  ${fmt(refused)} refused (${((100 * refused) / result.requests).toFixed(1)}%): ` +
      ['soldOut', 'notEnough', 'rateLimited', 'busy', 'unexpected']
        .map((kind) => `${fmt(counts[kind])} ${KINDS[kind]}`)
        .join(', ') +
      `; ${fmt(counts.replayed)} ${KINDS.replayed}`,
  );
  if (result.machineBusy !== null) {
    log(
      `  machine CPU ${(100 * result.machineBusy).toFixed(0)}% busy: servers ` +
        `${result.serverCpu.map((s) => `${s.toFixed(1)} s`).join(' + ')}, load generator ` +
        `${result.clientCpu.toFixed(1)} s, PostgreSQL ${result.postgresCpu.toFixed(1)} s, other work on ` +
        `the machine ${result.otherCpu.toFixed(1)} s`,
    );
  }
  log(
    `  PostgreSQL backends on average: ${result.backendStates
      .map(({ what, backends }) => `${backends.toFixed(1)} ${what}`)
      .join(', ')}`,
  );
  if (result.exhausted) log('  ! every listing sold out before the end: raise BENCH_SMALL_LISTINGS');
  const perBuyer = result.requests / BUYERS;
  if (counts.rateLimited > 0) {
    log(
      `  ! ${fmt(perBuyer)} requests per buyer hit the limit of ${PURCHASES_PER_MINUTE}: raise BENCH_BUYERS`,
    );
  }

  const checks = await checkInvariants(databaseUrl, w, warm, result, seenIds);
  const problems = [...warm.unexpected, ...result.unexpected];
  const surprises = warm.counts.unexpected + counts.unexpected;
  checks.push({
    rule: 'every answer was a purchase or an expected refusal',
    ok: surprises === 0,
    detail: surprises === 0 ? 'none unexpected' : `${surprises} unexpected, such as ${problems.join('; ')}`,
  });
  for (const c of checks) log(`  ${c.ok ? '✓' : '✗'} ${c.rule}: ${c.detail}`);
  const machine = await describeMachine(databaseUrl);
  for (const server of servers) await server.stop();
  return { label, processes, result, checks, machine, seeded: w.seeded };
}

/** pgbench's scale: branches, tellers and 100,000 accounts per unit. */
const PGBENCH_SCALE = 10;

/**
 * pgbench's built-in tpcb-like transaction (five statements: three updates, a select, an insert) on
 * a database of its own on the same PostgreSQL server, with as many clients for as long as the
 * purchases: the yardstick the purchases are read against, measured in the same run.
 */
async function pgbenchTps() {
  const run = promisify(execFile);
  const url = await createDatabase('pgbench');
  await run('pgbench', ['--initialize', '--quiet', `--scale=${PGBENCH_SCALE}`, url]);
  const { stdout } = await run('pgbench', [
    '--builtin=tpcb-like',
    `--client=${CONNECTIONS}`,
    '--jobs=2',
    `--time=${SECONDS}`,
    url,
  ]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!tps) throw new Error(`pgbench's output has no tps:\n${stdout}`);
  return Number(tps[1]);
}

async function main() {
  const started = performance.now();
  register(); // to sign tokens with the server's own code (apps/server/src/modules/auth/tokens.ts)
  log(
    `${BUYERS} buyers, ${SELLERS} sellers, ${HOT} hot listings (${hotUnits(0)} to ${fmt(hotUnits(HOT - 1))} ` +
      `units) and ${fmt(SMALL)} small ones (1 to 5); ${CONNECTIONS} clients for ${SECONDS} s per run`,
  );
  const runs = [
    await scenario('One server process', 1),
    await scenario('Two server processes, one database', 2),
  ];
  log(`pgbench tpcb-like on the same server (scale ${PGBENCH_SCALE}, ${CONNECTIONS} clients, ${SECONDS} s)`);
  const tpcb = await pgbenchTps();
  log(`  ${fmt(Math.round(tpcb))} transactions/s`);
  const broken = runs.flatMap((run) => run.checks.filter((c) => !c.ok).map((c) => `${run.label}: ${c.rule}`));

  const [one, two] = runs;
  const scale = two.result.purchasesPerSecond / one.result.purchasesPerSecond;
  const againstTpcb = (run) => run.result.purchasesPerSecond / tpcb;
  log(`\nTwo processes / one process (purchases/s): ${scale.toFixed(2)}`);
  log(
    `Purchases / pgbench tpcb-like transactions: ${againstTpcb(one).toFixed(2)} with one process, ` +
      `${againstTpcb(two).toFixed(2)} with two`,
  );
  const goal = (run) =>
    `${run.label}: ${fmt(run.result.purchasesPerSecond)} purchases/s ${run.result.purchasesPerSecond >= GOAL_PER_SECOND ? '✓' : '✗'}`;
  const verdict = `**Goal (issue 17): at least ${GOAL_PER_SECOND} purchases a second under contention, every invariant held.** ${runs.map(goal).join('; ')}.`;
  const pct = (n, of) => `${((100 * n) / of).toFixed(1)}%`;
  const row = ({ label, result: r }) => {
    const refused = r.requests - r.counts.bought - r.counts.replayed;
    return (
      `| ${label} | ${fmt(r.purchasesPerSecond)} | ${fmt(r.requestsPerSecond)} | ${pct(refused, r.requests)} | ` +
      `${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.serverCpuMs.toFixed(2)} ms | ` +
      `${r.machineBusy === null ? 'n/a' : `${(100 * r.machineBusy).toFixed(0)}%`} |`
    );
  };
  const kinds = ['bought', 'replayed', 'soldOut', 'notEnough', 'rateLimited', 'busy', 'unexpected'];
  const cpuRow = ({ label, result: r }) =>
    r.otherCpu === null
      ? `| ${label} | n/a | n/a | n/a | n/a |`
      : `| ${label} | ${r.serverCpu.map((s) => `${s.toFixed(1)} s`).join(' + ')} | ${r.postgresCpu.toFixed(1)} s | ` +
        `${r.clientCpu.toFixed(1)} s | ${r.otherCpu.toFixed(1)} s |`;
  const stateNames = [...new Set(runs.flatMap((run) => run.result.backendStates.map((s) => s.what)))];
  const stateRow = (what) =>
    `| ${what} | ${runs
      .map((run) => (run.result.backendStates.find((s) => s.what === what)?.backends ?? 0).toFixed(1))
      .join(' | ')} |`;
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const section = `## Purchases: \`POST /api/auction/purchase\` under contention, invariants checked

Each run on a database of its own, seeded through the bridge API (\`POST /api/bridge/events\`):
${BUYERS} buyers with ${BUYER_FUNDS} each, ${SELLERS} sellers, ${HOT} hot listings of ${hotUnits(0)}
to ${fmt(hotUnits(HOT - 1))} units (many clients buying the same rows at once) and ${fmt(SMALL)} small
listings of 1 to 5 units. ${CONNECTIONS} clients, each one request at a time over keep-alive HTTP
with its buyers' bearer tokens, for ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up on other buyers
and another listing: quantities 1 to 3, half of them on the hot listings while any is left. The
clients' listing pages catch up with what was sold every ${VIEW_MS} ms, so some buyers still try
listings just sold out, as in a rush. Every request has an \`Idempotency-Key\`;
${(100 * RETRY_SHARE).toFixed(0)}% of the purchases are sent twice with the same key, half after the
first answer (a lost answer), half at once (a double click). With two processes, half the clients
(and their buyers) use each. The load generator is one Node process (\`node:http\`, keep-alive).

| run | purchases/s | requests/s | refused | p50 latency | p99 latency | server CPU per request | machine CPU busy |
|---|---:|---:|---:|---:|---:|---:|---:|
${runs.map(row).join('\n')}

${verdict}

**Two processes / one process, purchases/s: ${scale.toFixed(2)}.** Purchases/s counts the purchases
made (a key answered again is not one); requests/s counts every answer, refusals and repeats included.

**Purchases / pgbench tpcb-like transactions on the same PostgreSQL server, in the same run:
${againstTpcb(one).toFixed(2)} with one process, ${againstTpcb(two).toFixed(2)} with two** (pgbench:
${fmt(Math.round(tpcb))} transactions/s, scale ${PGBENCH_SCALE}, ${CONNECTIONS} clients, ${SECONDS} s).
A tpcb-like transaction is five statements on four tables with no API in front; a purchase is an
HTTP request, a session check and one statement that writes seven tables and notifies twice. The
ratio moves less with the machine than either figure alone.

Answers:

| run | ${kinds.map((k) => KINDS[k]).join(' | ')} |
|---|${kinds.map(() => '---:').join('|')}|
${runs.map(({ label, result: r }) => `| ${label} | ${kinds.map((k) => fmt(r.counts[k])).join(' | ')} |`).join('\n')}

CPU seconds used during each run, by process (the machine has ${one.machine.cores} cores; PostgreSQL is
every process of the local server, read from \`/proc\`; "other work" is the rest of the machine's busy
time: other processes, and the kernel's own interrupt and network work (\`/proc/stat\`'s irq, softirq
and steal), which loopback connections cause and no process is charged for):

| run | API server(s) | PostgreSQL | load generator | other work |
|---|---:|---:|---:|---:|
${runs.map(cpuRow).join('\n')}

What this database's PostgreSQL backends were doing (mean number of backends in each state, sampled
every 50 ms from \`pg_stat_activity\`; each API server process has a pool of 10 connections):

| state | ${runs.map((run) => run.label).join(' | ')} |
|---|${runs.map(() => '---:').join('|')}|
${stateNames.map(stateRow).join('\n')}

Invariants, checked in SQL after each run over the whole database (DESIGN.md section 3):

| invariant | ${runs.map((run) => run.label).join(' | ')} |
|---|${runs.map(() => '---').join('|')}|
${runs[0].checks
  .map(
    (c, i) =>
      `| ${c.rule} | ${runs.map((run) => `${run.checks[i].ok ? '✓' : '✗'} ${run.checks[i].detail}`).join(' | ')} |`,
  )
  .join('\n')}
${notes ? `\n${notes}\n` : ''}`;
  // A run that broke an invariant fails, and leaves the last good figures in RESULTS.md.
  if (broken.length > 0) throw new Error(`Broken invariants:\n${broken.join('\n')}`);
  writeSection('purchase', { date, ...two.machine }, section);
  log(`Wrote bench/RESULTS.md (${since(started)} in all)`);
}

await runBenchmark(main);

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  adToBs,
  canonicalScheme,
  ChainLink,
  commitmentHash,
  DayTotals,
  fingerprintOf,
  parseScheme,
  PublicDraw,
  resultsRoot,
  RevealedDay,
  schemeHash,
  sha256Hex,
  verifyDay,
} from '@campaign/domain';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Clock } from '../src/common/clock';
import { addDays, campaignDay, localToUtc } from '../src/common/time';
import { FairnessService } from '../src/modules/fairness/fairness.service';
import { branchIds, CAMPAIGN_ENV, clearScheme, nextIp, pendingPreregistration } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

/**
 * The provably fair draw end to end (docs/fairness.md): a day's scheme is made, committed
 * the evening before and frozen; 1,000 customers draw on the day, concurrently, each with the
 * seed their browser sent; after the day the seed is revealed and the verifier, reading only
 * the public API, agrees with every draw. Tampering with one audit row, one seed byte or one
 * probability makes it fail on exactly the draws affected.
 */
describe('provably fair draws', () => {
  let t: TestApp;
  let admin: string;
  let clock: Clock;
  const day = addDays(campaignDay(), 2);
  const ids: Record<string, number> = {};
  /** What one customer was given with their prize: the dialog's fingerprint and the SMS's. */
  const customer: { dialog?: string; sms?: string } = {};

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV, listen: true });
    await clearScheme(t.db);
    admin = `Bearer ${await t.token('admin@example.com')}`;
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    clock.travel(new Date());
    await t.close();
  });

  const publicDay = async () => (await t.http().get(`/api/v1/fairness/days/${day}`)).body.data as RevealedDay & { revealed: boolean; late: boolean; totals: DayTotals | null };
  const publicDraws = async () => {
    const all: PublicDraw[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page: { status: number; body: { data: PublicDraw[]; next_after: number | null } } = await t.http().get(`/api/v1/fairness/days/${day}/draws`).query({ after });
      expect({ status: page.status, after }).toEqual({ status: 200, after });
      all.push(...page.body.data);
      after = page.body.next_after;
    }
    return all;
  };

  it('takes the scheme until the evening before, commits it at 22:00 and freezes it', async () => {
    const [A] = await branchIds(t.db);
    clock.travel(localToUtc(addDays(day, -1), '12:00'));
    const create = async (name: string, body: object) => {
      const res = await t.http().post('/api/v1/allocation').set('Authorization', admin).send({ date: day, ...body });
      expect({ name, status: res.status, errors: res.body.errors }).toEqual({ name, status: 200, errors: undefined });
      ids[name] = res.body.data.id;
    };
    await create('lakh', { amount: 100000, count: 2, probability: 1 });
    await create('twenty', { amount: 20000, count: 5, probability: 5 });
    await create('five', { amount: 5000, count: 5, probability: 2 });
    await create('fiveAgain', { amount: 5000, count: 5, probability: 1.5 });
    await create('four', { amount: 4000, count: 5, probability: 0.75 });
    await create('never', { amount: 50000, count: 1, probability: 0 });
    await create('branch', { type: 'preregistration_branch', branch_id: A, amount: 10000, count: 3, probability: 50 });

    expect((await t.http().get(`/api/v1/fairness/days/${day}`)).status).toBe(404);
    clock.travel(localToUtc(addDays(day, -1), '22:00'));
    expect(await t.app.get(FairnessService).commitDue()).toContain(day);

    const committed = await publicDay();
    expect(committed).toMatchObject({ day, revealed: false, late: false, seed: null, allocation_set: null, totals: null });
    expect(committed.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = (await t.http().get('/api/v1/fairness')).body.data;
    expect(list[0]).toMatchObject({ day, seed_hash: committed.seed_hash, seed: null });
    const late = await t.http().post('/api/v1/allocation').set('Authorization', admin).send({ date: day, amount: 3000 });
    expect(late.status).toBe(422);
    expect(late.body.errors.date[0]).toMatch(/^The prizes of .* can no longer change/);
  });

  it('draws 1,000 customers concurrently on the day, each with their browser’s seed, within the stock', async () => {
    const [A] = await branchIds(t.db);
    clock.travel(localToUtc(day, '10:00'));
    const records: Array<Awaited<ReturnType<typeof pendingPreregistration>>> = [];
    for (let i = 0; i < 1000; i++) records.push(await pendingPreregistration(t.db, { branchId: i % 10 === 0 ? A : null, sendSms: i === 1 }));
    // The seed each visitor's browser sent with the enquiry.
    await t.db.query(`UPDATE preregistration SET client_seed = md5(random()::text || id::text) WHERE id = ANY($1)`, [records.map((r) => r.id)]);
    let next = 0;
    const prizes: number[] = [];
    const worker = async () => {
      while (next < records.length) {
        const r = records[next++];
        const res = await t.http().post(`/api/v1/enquiry/${r.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: r.code });
        expect(res.status).toBe(200);
        prizes.push(res.body.data.prize);
        expect(res.body.data.draw_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
        expect(res.body.data.draw_fingerprint).toMatch(/^[0-9a-f]{20}$/);
        if (r === records[1]) customer.dialog = res.body.data.draw_fingerprint;
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(prizes).toHaveLength(1000);
    const stock = await t.db.query(`SELECT id, count, remaining FROM allocation WHERE date = $1`, [day]);
    for (const a of stock) {
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM draw WHERE allocation_id = $1`, [a.id]);
      expect({ id: a.id, awarded: n }).toEqual({ id: a.id, awarded: a.count - a.remaining });
    }
    const [{ seeds }] = await t.db.query(`SELECT count(*)::int AS seeds FROM draw d JOIN preregistration p ON p.id = d.record_id AND d.kind = 'preregistration' WHERE d.day = $1 AND d.client_seed = p.client_seed`, [day]);
    expect(seeds).toBe(1000);
    // The prize SMS carries the day's fingerprint, the one the dialog showed.
    const [sms] = await t.db.query(`SELECT text FROM sms_outbox WHERE phone = $1 AND kind = 'prize'`, [records[1].phone]);
    customer.sms = /proof ([0-9a-f]{20})$/.exec(sms.text)?.[1];
    expect(customer.sms).toBe(customer.dialog);
  });

  it('shows a customer their draw before the day ends, but publishes the seed and the day’s draws only after', async () => {
    const [one] = await publicDrawIds(1);
    const before = await t.http().get(`/api/v1/fairness/draws/${one.toLowerCase().replace(/(.{4})/g, '$1-').replace(/-$/, '')}`);
    expect(before.status).toBe(200);
    expect(before.body.data.draw.draw_id).toBe(one);
    expect(before.body.data.day).toMatchObject({ day, seed: null, revealed: false });
    expect(JSON.stringify(before.body)).not.toMatch(/"(name|phone|slug)"/);
    const early = await t.http().get(`/api/v1/fairness/days/${day}/draws`);
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: "A day's draws are published once the day has ended (Nepal time)." });
    expect((await t.http().get('/api/v1/fairness/draws/NOTADRAWID00')).status).toBe(404);
  });

  async function publicDrawIds(n: number): Promise<string[]> {
    return (await t.db.query(`SELECT public_id FROM draw WHERE day = $1 ORDER BY id LIMIT $2`, [day, n])).map((r: { public_id: string }) => r.public_id);
  }

  it('reveals the day after it ends: the verifier agrees with every draw, and the totals with the scheme screen', async () => {
    clock.travel(localToUtc(addDays(day, 1), '00:01'));
    const revealed = await publicDay();
    expect(revealed.revealed).toBe(true);
    expect(sha256Hex(Buffer.from(revealed.seed!, 'hex'))).toBe(revealed.seed_hash);
    const draws = await publicDraws();
    expect(draws).toHaveLength(1000);
    const verdict = verifyDay(revealed, draws);
    expect(verdict.problems).toEqual([]);
    expect(verdict.draws.filter((d) => !d.ok)).toEqual([]);

    // The totals agree with the scheme screen's count and remaining for the day.
    const screen = (await t.http().get('/api/v1/allocation').set('Authorization', admin).query({ date: day })).body.data as Array<{ type: string; amount: number; count: number; remaining: number; frozen: boolean }>;
    const totals = (revealed.totals as { tiers: Array<{ type: string; amount: number; planned: number; awarded: number; left: number }> }).tiers;
    // The screen lists allocations; the fairness page sums them per channel and amount.
    const tiers = new Map<string, { type: string; amount: number; planned: number; awarded: number; left: number }>();
    for (const a of screen) {
      const tier = tiers.get(`${a.type}|${a.amount}`) ?? { type: a.type, amount: a.amount, planned: 0, awarded: 0, left: 0 };
      tier.planned += a.count;
      tier.awarded += a.count - a.remaining;
      tier.left += a.remaining;
      tiers.set(`${a.type}|${a.amount}`, tier);
    }
    expect(totals).toHaveLength(tiers.size);
    expect(totals).toEqual(expect.arrayContaining([...tiers.values()]));
    expect(screen.every((a) => a.frozen)).toBe(true);

    // The command-line verifier, reading only the public API.
    const out = await run(process.execPath, [join(ROOT, 'scripts', 'verify-draws.mjs'), '--day', day, '--url', t.url, '--quiet'], { cwd: ROOT });
    expect(out.stdout.trim().split('\n').at(-1)).toMatch(/^1000 draws checked, 1000 ok, 0 mismatched \(/);
  });

  it('fails on exactly the draws affected by one changed audit row, one seed byte or one probability', async () => {
    const draws = await publicDraws();
    const revealed = await publicDay();
    const failing = (d: RevealedDay, list: PublicDraw[]) => verifyDay(d, list).draws.filter((v) => !v.ok).map((v) => v.draw_id).sort();

    // One audit row: a roll changed in the database, read back through the public API.
    const target = draws.find((d) => d.considered.some((c) => c.roll !== null))!;
    const at = target.considered.findIndex((c) => c.roll !== null);
    const path = `{considered,${at},roll}`;
    await t.db.query(`UPDATE draw SET audit = jsonb_set(audit, $2::text[], to_jsonb($3::int)) WHERE public_id = $1`, [target.draw_id, path, (target.considered[at].roll! + 1) % 10000]);
    expect(failing(revealed, await publicDraws())).toEqual([target.draw_id]);
    const cli = await run(process.execPath, [join(ROOT, 'scripts', 'verify-draws.mjs'), '--day', day, '--url', t.url, '--quiet'], { cwd: ROOT }).catch((e) => e);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('1000 draws checked, 999 ok, 1 mismatched');
    await t.db.query(`UPDATE draw SET audit = jsonb_set(audit, $2::text[], to_jsonb($3::int)) WHERE public_id = $1`, [target.draw_id, path, target.considered[at].roll]);
    expect(failing(revealed, await publicDraws())).toEqual([]);

    // One seed byte: the day no longer matches its commitment and every draw that rolled fails.
    const flipped = `${revealed.seed!.slice(0, 62)}${((parseInt(revealed.seed!.slice(62), 16) + 1) % 256).toString(16).padStart(2, '0')}`;
    const bySeed = verifyDay({ ...revealed, seed: flipped }, draws);
    expect(bySeed.problems).toContain('The revealed seed does not match the commitment published before the day.');
    // Every draw that rolled is affected; a changed seed gives each roll a 1 in 10,000 chance of coming out the same.
    const rolled = new Set(draws.filter((d) => d.considered.some((c) => c.roll !== null)).map((d) => d.draw_id));
    const flagged = bySeed.draws.filter((v) => !v.ok).map((v) => v.draw_id);
    expect(flagged.filter((id) => !rolled.has(id))).toEqual([]);
    expect(flagged.length).toBeGreaterThanOrEqual(rolled.size - 3);

    // One probability: the scheme no longer matches its commitment, and the draws that rolled against it fail.
    const scheme = parseScheme(revealed.allocation_set!);
    const changed = canonicalScheme(
      scheme.allocations.map((a) => (a.id === ids.four ? { ...a, threshold: a.threshold + 500 } : a)),
      scheme.base_prizes!,
    );
    const byChance = verifyDay({ ...revealed, allocation_set: changed }, draws);
    expect(byChance.problems).toContain('The revealed prize scheme does not match the commitment published before the day.');
    expect(byChance.draws.filter((v) => !v.ok).map((v) => v.draw_id).sort()).toEqual(
      draws.filter((d) => d.considered.some((c) => c.allocation_id === ids.four)).map((d) => d.draw_id).sort(),
    );
  });

  it('lets a customer’s seed decide: the same day seed with another client seed gives other rolls', async () => {
    const revealed = await publicDay();
    const [d] = await publicDraws();
    const other = { ...d, client_seed: randomBytes(16).toString('hex') };
    expect(verifyDay(revealed, [other]).draws[0].ok).toBe(false);
  });

  // ------------------------------------------------------------------ the chain (docs/fairness.md, "The chain")

  const chain = async () => (await t.http().get('/api/v1/fairness/chain')).body as { data: ChainLink[]; head: string };
  /** The command-line verifier on the day: its exit code and the kinds of its findings, sorted. */
  const verify = async (...extra: string[]) => {
    const out = await run(process.execPath, [join(ROOT, 'scripts', 'verify-draws.mjs'), '--day', day, '--url', t.url, '--quiet', ...extra], { cwd: ROOT, maxBuffer: 64 << 20 }).then(
      (o) => ({ code: 0, stdout: o.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    const last = out.stdout.trim().split('\n').at(-1)!;
    const kinds = /; findings: (.*) \(fetched/.exec(last)?.[1].split(', ').map((k) => k.split(' ')[0]).sort() ?? [];
    return { code: out.code, kinds, stdout: out.stdout };
  };
  const archive = join(mkdtempSync(join(tmpdir(), 'draws-')), 'archive.json');

  it('links each day to the one before and seals a day\'s results at the next commitment; the customer\'s fingerprint is in the chain', async () => {
    const before = await verify('--archive', archive);
    expect(before).toMatchObject({ code: 0, kinds: [] });
    expect(before.stdout).toContain('results unsealed');

    // 22:00 the day after: the next commitment seals the ended day.
    clock.travel(localToUtc(addDays(day, 1), '22:00'));
    await t.app.get(FairnessService).commitDue();
    const { data: links, head } = await chain();
    const sealing = links.find((l) => l.sealed.some((x) => x.day === day))!;
    expect(sealing.day > day).toBe(true);
    expect(head).toBe(links.at(-1)!.commitment_hash);
    for (const [i, link] of links.entries()) {
      expect(commitmentHash(link)).toBe(link.commitment_hash);
      if (link.format === 2 && i > 0) expect(link.prev_hash).toBe(links[i - 1].commitment_hash);
    }
    const ours = links.find((l) => l.day === day)!;
    expect(customer.dialog).toBe(fingerprintOf(ours.commitment_hash));
    expect((await publicDay()).format).toBe(2);

    const sealed = await verify('--archive', archive, '--fingerprint', customer.sms!);
    expect(sealed).toMatchObject({ code: 0, kinds: [] });
    expect(sealed.stdout).toContain(`results sealed by the commitment of ${sealing.day}`);
    // The day answers for its BS name too, and a day not ended is not kept by caches.
    const bs = await t.http().get(`/api/v1/fairness/days/${encodeURIComponent(`${adToBs(day)} BS`)}`);
    expect({ status: bs.status, day: bs.body.data?.day }).toEqual({ status: 200, day });
    const open = await t.http().get(`/api/v1/fairness/days/${addDays(day, 2)}/draws`);
    expect({ status: open.status, cache: open.headers['cache-control'] }).toEqual({ status: 403, cache: 'no-cache' });
  });

  it('flags each change of the database by its kind', async () => {
    const draws = await publicDraws();
    const rolled = draws.find((d) => d.considered.some((c) => c.roll !== null && c.value !== undefined))!;
    const at = rolled.considered.findIndex((c) => c.roll !== null);
    const base = draws.find((d) => d.result.allocation_id === null && d.kind === 'preregistration')!;
    const change = async (apply: () => Promise<unknown>, undo: () => Promise<unknown>) => {
      await apply();
      try {
        return await verify();
      } finally {
        await undo();
      }
    };
    const value = rolled.considered[at].value!;
    const setValue = (v: number) => t.db.query(`UPDATE draw SET audit = jsonb_set(audit, $2::text[], to_jsonb($3::bigint)) WHERE public_id = $1`, [rolled.draw_id, `{considered,${at},value}`, v]);
    // A recorded HMAC value +1, the roll unchanged.
    expect(await change(() => setValue(value + 1), () => setValue(value))).toMatchObject({ code: 1, kinds: ['chain', 'value'] });
    // A draw row's amount, its audit untouched: the published totals no longer add up.
    const amount = (by: number) => t.db.query(`UPDATE draw SET amount = amount + $2 WHERE public_id = $1`, [base.draw_id, by]);
    expect(await change(() => amount(1000), () => amount(-1000))).toMatchObject({ code: 1, kinds: ['chain', 'totals'] });
    // The prize the customer was actually given.
    const prize = (by: number) => t.db.query(`UPDATE preregistration SET prize = prize + $2 WHERE id = $1`, [base.record_id, by]);
    expect(await change(() => prize(500), () => prize(-500))).toMatchObject({ code: 1, kinds: ['chain', 'given'] });

    // One seed byte with its hash recomputed, and its commitment hash too: the next link no longer names it.
    const [kept] = await t.db.query(`SELECT seed, seed_hash, allocation_set, allocation_set_hash, commitment_hash, salt FROM draw_day WHERE day = $1`, [day]);
    const link = (await chain()).data.find((l) => l.day === day)!;
    const restore = () =>
      t.db.query(`UPDATE draw_day SET seed = $2, seed_hash = $3, allocation_set = $4, allocation_set_hash = $5, commitment_hash = $6 WHERE day = $1`, [
        day,
        kept.seed,
        kept.seed_hash,
        kept.allocation_set,
        kept.allocation_set_hash,
        kept.commitment_hash,
      ]);
    const seed = Buffer.from(kept.seed);
    seed[31] ^= 1;
    const seedHash = sha256Hex(seed);
    const bySeed = await change(
      () => t.db.query(`UPDATE draw_day SET seed = $2, seed_hash = $3, commitment_hash = $4 WHERE day = $1`, [day, seed, seedHash, commitmentHash({ ...link, seed_hash: seedHash })]),
      restore,
    );
    expect(bySeed.code).toBe(1);
    expect(bySeed.kinds).toContain('chain');
    expect(bySeed.stdout).toContain(`does not name the commitment of ${day}`);
    // The stored scheme changed with its (salted) hash recomputed.
    const scheme = parseScheme(kept.allocation_set);
    const richer = canonicalScheme(scheme.allocations.map((a) => (a.id === ids.four ? { ...a, threshold: a.threshold + 500 } : a)), scheme.base_prizes!);
    const richerHash = schemeHash(richer, Buffer.from(kept.salt).toString('hex'));
    const byScheme = await change(
      () =>
        t.db.query(`UPDATE draw_day SET allocation_set = $2, allocation_set_hash = $3, commitment_hash = $4 WHERE day = $1`, [
          day,
          richer,
          richerHash,
          commitmentHash({ ...link, allocation_set_hash: richerHash }),
        ]),
      restore,
    );
    expect(byScheme.code).toBe(1);
    expect(byScheme.kinds).toContain('chain');
    expect(await verify()).toMatchObject({ code: 0, kinds: [] });
  });

  it('a deleted draw breaks the seal; recomputing every later link hides it from the chain, not from an archive or a customer\'s fingerprint', async () => {
    const base = (await publicDraws()).find((d) => d.result.allocation_id === null)!;
    await t.db.query(`DELETE FROM draw WHERE public_id = $1`, [base.draw_id]);
    const deleted = await verify();
    expect(deleted).toMatchObject({ code: 1, kinds: ['chain'] });
    expect(deleted.stdout).toContain('no longer match the results root sealed');

    // The server rewrites every link from the sealing one on: the chain holds together again.
    const { data: links } = await chain();
    const revealed = await publicDay();
    const root = resultsRoot(day, await publicDraws(), revealed.totals!);
    let prev: string | null = null;
    for (const l of links) {
      if (l.format === 2 && l.day > day) {
        const sealed = l.sealed.map((x) => (x.day === day ? { day, root } : x));
        const hash = commitmentHash({ ...l, prev_hash: prev, sealed });
        await t.db.query(`UPDATE draw_day SET prev_hash = $2, sealed = $3::jsonb, commitment_hash = $4 WHERE day = $1`, [l.day, prev, JSON.stringify(sealed), hash]);
        prev = hash;
      } else prev = l.commitment_hash;
    }
    expect(await verify()).toMatchObject({ code: 0, kinds: [] });
    // Only a copy kept outside tells: the archive made before, and the fingerprint a customer was sent.
    expect(await verify('--archive', archive)).toMatchObject({ code: 1, kinds: ['archive'] });
    // A rewrite of the day itself changes its own fingerprint: the customer's SMS no longer matches.
    const [d] = await t.db.query(`SELECT seed_hash, allocation_set_hash FROM draw_day WHERE day = $1`, [day]);
    const own = links.find((l) => l.day === day)!;
    const rewritten = commitmentHash({ ...own, seed_hash: sha256Hex(Buffer.from(d.seed_hash)) });
    await t.db.query(`UPDATE draw_day SET commitment_hash = $2 WHERE day = $1`, [day, rewritten]);
    expect(await verify('--fingerprint', customer.sms!)).toMatchObject({ code: 1, kinds: expect.arrayContaining(['fingerprint']) });
  });

  it("seals the campaign's last days with a closing commitment once the last day has ended", async () => {
    // The campaign ends on the day after the drawn day: when that day has ended, the day after it is committed (late, closing) and seals what no link has.
    const last = addDays(day, 1);
    expect((await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_ends_on: last })).status).toBe(200);
    clock.travel(localToUtc(addDays(last, 1), '08:00'));
    // The day after the last one was committed already (before the end was set): the closing commitment is the day after the newest link.
    const newest = (await chain()).data.at(-1)!.day;
    expect(await t.app.get(FairnessService).commitDue()).toEqual([addDays(newest, 1)]);
    const { data: links } = await chain();
    const closing = links.at(-1)!;
    expect(closing).toMatchObject({ day: addDays(newest, 1), closing: true, format: 2, prev_hash: links.at(-2)!.commitment_hash });
    // Every ended day is sealed by some link, the last ones by the closing commitment.
    const sealed = new Set(links.flatMap((l) => l.sealed.map((x) => x.day)));
    expect(links.filter((l) => l.day <= last).map((l) => l.day).filter((d) => !sealed.has(d))).toEqual([]);
    expect(closing.sealed.map((x) => x.day)).toContain(last);
    // Made once: the next check makes nothing.
    expect(await t.app.get(FairnessService).commitDue()).toEqual([]);
    expect((await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_ends_on: null })).status).toBe(200);
  });
});

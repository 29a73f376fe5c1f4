/**
 * The authorization matrix: EVERY API route, with the answer each kind of caller must get
 * on a record of branch A and on a record of branch B. test/authz-matrix.e2e-spec.ts drives
 * every cell against the real app and fails when the app has a route this file does not
 * list (or lists one the app no longer has).
 *
 * Callers: anonymous, Branch Staff of A (staff@example.com), Branch Staff of B
 * (staff2@example.com), Branch Manager of A (manager@example.com), Head Office
 * (office@example.com) and Super Admin (admin@example.com).
 *
 * An answer is 'ok' (any 2xx) or a status. `[a, b]` gives the answers on a record of A
 * and of B; a single answer holds for both. For tables and downloads the "record" is the
 * branch the caller asks for with the `branch` filter; the spec checks what comes back
 * is within the caller's branch. A new route needs one row here.
 */

export type Actor = 'anon' | 'staffA' | 'staffB' | 'managerA' | 'office' | 'admin';
export const ACTORS: Actor[] = ['anon', 'staffA', 'staffB', 'managerA', 'office', 'admin'];
export type Side = 'A' | 'B';
export const SIDES: Side[] = ['A', 'B'];
export type Outcome = 'ok' | 401 | 403 | 404 | 409 | 422;
export type Expect = Outcome | [Outcome, Outcome];

/** What a cell sends. */
export interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** Multipart upload: files as [field, bytes, filename]. */
  files?: Array<[string, Buffer, string]>;
  /** The answer is an .xlsx workbook. */
  xlsx?: boolean;
}

/** Records made fresh for a cell, owned by branch `side`. Implemented by the spec with test/factories. */
export interface MatrixContext {
  branch: Record<Side, { id: number; slug: string; title: string }>;
  /** The branch of a branch user (null for head office and anonymous). */
  branchOf(actor: Actor): number | null;
  make: {
    /** Pending (unverified) pre-registration made by the side's staff, with a known code. */
    pendingPreregistration(side: Side): Promise<{ slug: string; code: string }>;
    /** Verified, unpurchased pre-registration of the side's staff. */
    verifiedPreregistration(side: Side): Promise<{ slug: string; name: string }>;
    /** Public enquiry (no branch) whose nearest showroom is the side's branch, with a known code. */
    publicEnquiry(side: Side): Promise<{ slug: string; code: string; phone: string }>;
    /** Purchase made by the side's staff; no coupon SMS sent yet (so reset/notify may send). */
    registration(side: Side, opts?: { deleted?: boolean }): Promise<{ slug: string; couponCode: string }>;
    testRide(side: Side): Promise<{ slug: string }>;
    /** A Branch Staff user of the side's branch. */
    user(side: Side): Promise<{ slug: string }>;
    /** A branch with nothing attached (deletable). */
    spareBranch(): Promise<{ slug: string }>;
    bikeModel(): Promise<{ slug: string; id: number }>;
    video(): Promise<{ id: number }>;
    /** A preregistration_branch allocation of the side's branch for a day still open to changes. */
    allocation(side: Side): Promise<{ id: number }>;
    /** The public id of a draw made now (a verified public enquiry). */
    drawId(): Promise<string>;
    /** Yesterday, committed: a day whose seed and draws are public. */
    endedDay(): Promise<string>;
    referrer(): Promise<{ id: number }>;
    /** A bulk SMS batch sent by head office to one number. */
    smsBatch(): Promise<{ id: number }>;
    png(): Promise<Buffer>;
    uniqueDigits(n: number): string;
    phone(): string;
    bikeModelId(): Promise<number>;
    roleId(title: string): Promise<number>;
    today(): string;
    openDay(): string;
  };
  /** The actor's password (the demo logins), for the password-change row. */
  passwordOf(actor: Actor): string;
}

/** How the spec finds the branches of what a table, export or list answered (leak check). */
export type Listing =
  | { kind: 'rows'; table: 'preregistration' | 'registration' | 'test_ride' | 'user' | 'allocation'; path?: string }
  | { kind: 'branches' }
  /** `fallback`: the column naming the owner when `column` names none (a public enquiry is its nearest showroom's). */
  | { kind: 'xlsx'; column: string; fallback?: string }
  | { kind: 'files' }
  | { kind: 'stats' }
  | { kind: 'referrers' }
  | { kind: 'none' };

export interface MatrixRow {
  expect: Record<Actor, Expect>;
  request(c: MatrixContext, side: Side, actor: Actor): Promise<Call>;
  /** Tables, exports and lists: what to look at for rows of another branch. */
  listing?: Listing;
  /**
   * Records of this route belong to a branch: a branch user's 2xx on branch B's record
   * (or A's, for staff of B) counts as a cross-branch success. Off for global records
   * (catalogue, settings, referrers, one's own account) and public routes.
   */
  branchOwned: boolean;
  /** Runs after a successful cell (the password change revokes the caller's token). */
  after?: 'relogin';
}

const OWN_A: [Outcome, Outcome] = ['ok', 404];
const OWN_B: [Outcome, Outcome] = [404, 'ok'];
/** Creating for another branch: the branch cannot be chosen (unknown field, 422). */
const CREATE_A: [Outcome, Outcome] = ['ok', 422];
const CREATE_B: [Outcome, Outcome] = [422, 'ok'];

/** anonymous, staff of A, staff of B, manager of A, head office, super admin. */
function row(anon: Expect, staffA: Expect, staffB: Expect, managerA: Expect, office: Expect, admin: Expect): Record<Actor, Expect> {
  return { anon, staffA, staffB, managerA, office, admin };
}
const everyone = (e: Expect) => row(e, e, e, e, e, e);
const anyLogin = row(401, 'ok', 'ok', 'ok', 'ok', 'ok');
/** Record routes open to every staff member (branch users on their own branch). */
const scopedAnyStaff = row(401, OWN_A, OWN_B, OWN_A, 'ok', 'ok');
/** read-registration: every role has it. */
const readRegistration = scopedAnyStaff;
/** update-registration / delete-registration: managers and head office. */
const managerScoped = row(401, 403, 403, OWN_A, 'ok', 'ok');
/** read-user: head office. */
const headOffice = row(401, 403, 403, 403, 'ok', 'ok');
/** create-user, update-user, manage-allocation, update-settings: the super admin only. */
const superAdmin = row(401, 403, 403, 403, 403, 'ok');
/** Catalogue edits (branches, bike models, videos): head office. */
const catalogueEdit = headOffice;

const api = (p: string) => `/api/v1${p}`;
const get = (path: string, query?: Record<string, unknown>): Call => ({ method: 'GET', path: api(path), query });
const post = (path: string, body?: Record<string, unknown>): Call => ({ method: 'POST', path: api(path), body });
const del = (path: string): Call => ({ method: 'DELETE', path: api(path) });

/** A branch user acting on the other branch sends that branch (create routes). */
const foreignBranch = (c: MatrixContext, side: Side, actor: Actor) => {
  const own = c.branchOf(actor);
  return own !== null && own !== c.branch[side].id ? { branch_id: c.branch[side].id } : {};
};

export const AUTHZ_MATRIX: Record<string, MatrixRow> = {
  // ---------------------------------------------------------------- platform
  'GET /api/v1/health': { expect: everyone('ok'), branchOwned: false, request: async () => get('/health') },
  'POST /api/v1/auth/login': {
    expect: everyone('ok'),
    branchOwned: false,
    request: async (c) => post('/auth/login', { email: 'staff@example.com', password: c.passwordOf('staffA') }),
  },
  'POST /api/v1/auth/me': { expect: anyLogin, branchOwned: false, request: async () => post('/auth/me') },
  // Revokes the caller's token: the spec signs in again after it.
  'POST /api/v1/auth/logout': { expect: anyLogin, branchOwned: false, after: 'relogin', request: async () => post('/auth/logout') },
  'POST /api/v1/auth/password': {
    expect: anyLogin,
    branchOwned: false,
    after: 'relogin',
    request: async (c, _side, actor) => {
      const p = actor === 'anon' ? 'Whatever@2082' : c.passwordOf(actor);
      return post('/auth/password', { current_password: p, password: p, password_confirmation: p });
    },
  },
  'GET /api/v1/user': {
    expect: headOffice,
    branchOwned: true,
    listing: { kind: 'rows', table: 'user' },
    request: async () => get('/user', { length: -1 }),
  },
  'GET /api/v1/user/:id': {
    expect: headOffice,
    branchOwned: true,
    request: async (c, side) => get(`/user/${(await c.make.user(side)).slug}`),
  },
  'POST /api/v1/user': {
    expect: superAdmin,
    branchOwned: true,
    request: async (c, side) => {
      const email = `matrix-${c.make.uniqueDigits(10)}@example.com`;
      return post('/user', {
        first_name: 'Matrix',
        last_name: 'User',
        email,
        password: 'Matrix@2082',
        password_confirmation: 'Matrix@2082',
        role_id: await c.make.roleId('Branch Staff'),
        branch_id: c.branch[side].id,
      });
    },
  },
  'POST /api/v1/user/:id': {
    expect: superAdmin,
    branchOwned: true,
    request: async (c, side) => post(`/user/${(await c.make.user(side)).slug}`, { last_name: 'Renamed' }),
  },
  'DELETE /api/v1/user/:id': {
    expect: superAdmin,
    branchOwned: true,
    request: async (c, side) => del(`/user/${(await c.make.user(side)).slug}`),
  },
  'GET /api/v1/role': { expect: headOffice, branchOwned: false, request: async () => get('/role') },
  'GET /api/v1/audit': { expect: headOffice, branchOwned: false, request: async () => get('/audit') },

  // ---------------------------------------------------------------- catalogue
  'GET /api/v1/branches': { expect: everyone('ok'), branchOwned: false, request: async () => get('/branches') },
  'GET /api/v1/branch': {
    expect: row(401, 403, 403, 'ok', 'ok', 'ok'),
    branchOwned: true,
    listing: { kind: 'branches' },
    request: async (c, side) => get('/branch', { length: -1, search: { value: c.branch[side].title } }),
  },
  'GET /api/v1/branch/export': {
    expect: row(401, 403, 403, 'ok', 'ok', 'ok'),
    branchOwned: true,
    listing: { kind: 'xlsx', column: 'Title' },
    request: async () => ({ ...get('/branch/export'), xlsx: true }),
  },
  'GET /api/v1/branch-stats': {
    expect: row(401, 403, 403, 'ok', 'ok', 'ok'),
    branchOwned: true,
    listing: { kind: 'branches' },
    request: async () => get('/branch-stats'),
  },
  'GET /api/v1/branch/:slug': {
    expect: row(401, 403, 403, OWN_A, 'ok', 'ok'),
    branchOwned: true,
    request: async (c, side) => get(`/branch/${c.branch[side].slug}`),
  },
  'POST /api/v1/branch': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async (c) =>
      post('/branch', {
        title: `Matrix ${c.make.uniqueDigits(8)}`,
        state: 'Bagmati',
        district: 'Kathmandu',
        city: 'Kathmandu Metropolitan City',
      }),
  },
  'POST /api/v1/branch/:slug': {
    expect: catalogueEdit,
    branchOwned: true,
    request: async (c, side) => post(`/branch/${c.branch[side].slug}`, { location: c.branch[side].title === '' ? 'x' : 'Matrix Road' }),
  },
  'DELETE /api/v1/branch/:slug': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async (c) => del(`/branch/${(await c.make.spareBranch()).slug}`),
  },
  'GET /api/v1/bike-models': { expect: everyone('ok'), branchOwned: false, request: async () => get('/bike-models') },
  'GET /api/v1/bike-model': { expect: anyLogin, branchOwned: false, request: async () => get('/bike-model') },
  'GET /api/v1/bike-model/:slug': {
    expect: anyLogin,
    branchOwned: false,
    request: async (c) => get(`/bike-model/${(await c.make.bikeModel()).slug}`),
  },
  'POST /api/v1/bike-model': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async (c) => post('/bike-model', { title: `Matrix ${c.make.uniqueDigits(8)}` }),
  },
  'POST /api/v1/bike-model/:slug': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async (c) => post(`/bike-model/${(await c.make.bikeModel()).slug}`, { title: `Matrix ${c.make.uniqueDigits(8)}` }),
  },
  'DELETE /api/v1/bike-model/:slug': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async (c) => del(`/bike-model/${(await c.make.bikeModel()).slug}`),
  },
  'GET /api/v1/videos': { expect: everyone('ok'), branchOwned: false, request: async () => get('/videos') },
  // The public proof of the draws (docs/fairness.md): the same for everyone.
  'GET /api/v1/fairness': { expect: everyone('ok'), branchOwned: false, request: async () => get('/fairness') },
  'GET /api/v1/fairness/chain': { expect: everyone('ok'), branchOwned: false, request: async () => get('/fairness/chain') },
  'GET /api/v1/prizes': { expect: everyone('ok'), branchOwned: false, request: async () => get('/prizes') },
  'GET /api/v1/fairness/days/:day': { expect: everyone('ok'), branchOwned: false, request: async (c) => get(`/fairness/days/${await c.make.endedDay()}`) },
  'GET /api/v1/fairness/days/:day/draws': { expect: everyone('ok'), branchOwned: false, request: async (c) => get(`/fairness/days/${await c.make.endedDay()}/draws`) },
  'GET /api/v1/fairness/draws/:id': { expect: everyone('ok'), branchOwned: false, request: async (c) => get(`/fairness/draws/${await c.make.drawId()}`) },
  'GET /api/v1/video': { expect: row(401, 403, 403, 'ok', 'ok', 'ok'), branchOwned: false, request: async () => get('/video') },
  'GET /api/v1/video/:id': {
    expect: row(401, 403, 403, 'ok', 'ok', 'ok'),
    branchOwned: false,
    request: async (c) => get(`/video/${(await c.make.video()).id}`),
  },
  'POST /api/v1/video': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async () => post('/video', { title: 'Matrix winner', url: 'https://example.com/v', amount: 50000 }),
  },
  'POST /api/v1/video/:id': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async (c) => post(`/video/${(await c.make.video()).id}`, { title: 'Renamed winner' }),
  },
  'DELETE /api/v1/video/:id': {
    expect: catalogueEdit,
    branchOwned: false,
    request: async (c) => del(`/video/${(await c.make.video()).id}`),
  },
  'GET /api/v1/file': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'files' },
    request: async () => get('/file'),
  },
  'POST /api/v1/upload': {
    expect: anyLogin,
    branchOwned: false,
    request: async (c) => ({
      method: 'POST',
      path: api('/upload'),
      body: { type: 'image' },
      files: [['files[]', await c.make.png(), 'matrix.png']],
    }),
  },
  'GET /api/v1/settings': { expect: everyone('ok'), branchOwned: false, request: async () => get('/settings') },
  'GET /api/v1/setting': { expect: superAdmin, branchOwned: false, request: async () => get('/setting') },
  'PATCH /api/v1/setting': {
    expect: superAdmin,
    branchOwned: false,
    request: async () => ({ method: 'PATCH', path: api('/setting'), body: { campaign_name: 'Matrix Campaign' } }),
  },
  'GET /api/v1/geography': { expect: everyone('ok'), branchOwned: false, request: async () => get('/geography') },

  // ---------------------------------------------------------------- test rides, referrers
  'POST /api/v1/test-ride': {
    expect: everyone('ok'),
    branchOwned: false,
    request: async (c, side) =>
      post('/test-ride', {
        name: 'Matrix Rider',
        phone: c.make.phone(),
        state: 'Bagmati',
        district: 'Kathmandu',
        city: 'Kathmandu Metropolitan City',
        branch_id: c.branch[side].id,
        bike_model_id: await c.make.bikeModelId(),
      }),
  },
  'GET /api/v1/test-ride': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'rows', table: 'test_ride' },
    request: async () => get('/test-ride', { length: -1 }),
  },
  'GET /api/v1/test-ride/download': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'xlsx', column: 'Branch' },
    request: async () => ({ ...get('/test-ride/download'), xlsx: true }),
  },
  'GET /api/v1/test-ride/:slug': {
    expect: scopedAnyStaff,
    branchOwned: true,
    request: async (c, side) => get(`/test-ride/${(await c.make.testRide(side)).slug}`),
  },
  'DELETE /api/v1/test-ride/:slug': {
    expect: scopedAnyStaff,
    branchOwned: true,
    request: async (c, side) => del(`/test-ride/${(await c.make.testRide(side)).slug}`),
  },
  'GET /api/v1/referrer': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'referrers' },
    request: async () => get('/referrer', { length: -1 }),
  },
  'POST /api/v1/referrer': {
    // Referrers are shared by every branch: head office adds them.
    expect: row(401, 403, 403, 403, 'ok', 'ok'),
    branchOwned: false,
    request: async (c) => post('/referrer', { title: 'Matrix source', utm_source: `matrix-${c.make.uniqueDigits(10)}` }),
  },
  'POST /api/v1/referrer/:id': {
    // Referrers are shared by every branch: head office renames them.
    expect: row(401, 403, 403, 403, 'ok', 'ok'),
    branchOwned: false,
    request: async (c) => post(`/referrer/${(await c.make.referrer()).id}`, { title: 'Matrix referrer' }),
  },

  // ---------------------------------------------------------------- pre-registrations, enquiry, prize scheme
  'GET /api/v1/preregistration': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'rows', table: 'preregistration' },
    request: async (c, side) => get('/preregistration', { length: -1, branch: c.branch[side].id }),
  },
  'GET /api/v1/preregistration/download': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'xlsx', column: 'Branch', fallback: 'Nearest Branch' },
    request: async (c, side) => ({ ...get('/preregistration/download', { branch: c.branch[side].id }), xlsx: true }),
  },
  'GET /api/v1/preregistration/:slug': {
    expect: readRegistration,
    branchOwned: true,
    request: async (c, side) => get(`/preregistration/${(await c.make.pendingPreregistration(side)).slug}`),
  },
  'POST /api/v1/preregistration': {
    expect: row(401, CREATE_A, CREATE_B, CREATE_A, 403, 403),
    branchOwned: true,
    request: async (c, side, actor) =>
      post('/preregistration', {
        name: 'Matrix Customer',
        address: 'Teku Kathmandu',
        phone: c.make.phone(),
        citizenship_no: c.make.uniqueDigits(11),
        send_sms: false,
        ...foreignBranch(c, side, actor),
      }),
  },
  'POST /api/v1/preregistration/:slug': {
    expect: managerScoped,
    branchOwned: true,
    request: async (c, side) => post(`/preregistration/${(await c.make.pendingPreregistration(side)).slug}`, { note: 'matrix' }),
  },
  'DELETE /api/v1/preregistration/:slug': {
    expect: managerScoped,
    branchOwned: true,
    request: async (c, side) => del(`/preregistration/${(await c.make.pendingPreregistration(side)).slug}`),
  },
  'POST /api/v1/preregistration/:slug/verify': {
    expect: readRegistration,
    branchOwned: true,
    request: async (c, side) => {
      const p = await c.make.pendingPreregistration(side);
      return post(`/preregistration/${p.slug}/verify`, { code: p.code });
    },
  },
  'POST /api/v1/preregistration/:slug/resend': {
    expect: readRegistration,
    branchOwned: true,
    request: async (c, side) => post(`/preregistration/${(await c.make.pendingPreregistration(side)).slug}/resend`),
  },
  'POST /api/v1/preregistration/:slug/erase': {
    expect: superAdmin,
    branchOwned: true,
    request: async (c, side) => post(`/preregistration/${(await c.make.pendingPreregistration(side)).slug}/erase`),
  },
  'POST /api/v1/enquiry': {
    expect: everyone('ok'),
    branchOwned: false,
    request: async (c, side) =>
      post('/enquiry', {
        name: 'Matrix Visitor',
        phone: c.make.phone(),
        bike_model_id: await c.make.bikeModelId(),
        source: 'SOCIAL MEDIA',
        nearest_branch_id: c.branch[side].id,
      }),
  },
  'GET /api/v1/enquiry/:slug': {
    expect: everyone('ok'),
    branchOwned: false,
    request: async (c, side) => get(`/enquiry/${(await c.make.publicEnquiry(side)).slug}`),
  },
  'POST /api/v1/enquiry/:slug/verify': {
    expect: everyone('ok'),
    branchOwned: false,
    request: async (c, side) => {
      const p = await c.make.publicEnquiry(side);
      return post(`/enquiry/${p.slug}/verify`, { code: p.code });
    },
  },
  'POST /api/v1/enquiry/return': { expect: everyone('ok'), branchOwned: false, request: async (c) => post('/enquiry/return', { phone: c.make.phone() }) },
  'POST /api/v1/enquiry/return/verify': {
    expect: everyone('ok'),
    branchOwned: false,
    request: async (c, side) => {
      const p = await c.make.publicEnquiry(side);
      return post('/enquiry/return/verify', { phone: p.phone, code: p.code });
    },
  },
  'POST /api/v1/enquiry/:slug/resend': {
    expect: everyone('ok'),
    branchOwned: false,
    request: async (c, side) => post(`/enquiry/${(await c.make.publicEnquiry(side)).slug}/resend`),
  },
  'GET /api/v1/allocation': {
    expect: superAdmin,
    branchOwned: true,
    listing: { kind: 'rows', table: 'allocation' },
    request: async (c, side) => get('/allocation', { length: -1, branch: String(c.branch[side].id) }),
  },
  'GET /api/v1/allocation/day': {
    expect: superAdmin,
    branchOwned: false,
    request: async (c) => get('/allocation/day', { date: c.make.openDay() }),
  },
  'POST /api/v1/allocation': {
    expect: superAdmin,
    branchOwned: true,
    request: async (c, side) =>
      post('/allocation', {
        type: 'preregistration_branch',
        branch_id: c.branch[side].id,
        date: c.make.openDay(),
        count: 1,
        amount: 3500,
        probability: 1,
      }),
  },
  'DELETE /api/v1/allocation/:id': {
    expect: superAdmin,
    branchOwned: true,
    request: async (c, side) => del(`/allocation/${(await c.make.allocation(side)).id}`),
  },

  // ---------------------------------------------------------------- sales
  'GET /api/v1/registration': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'rows', table: 'registration' },
    request: async (c, side) => get('/registration', { length: -1, branch: c.branch[side].id }),
  },
  'GET /api/v1/registration/deleted': {
    expect: row(401, 403, 403, 'ok', 'ok', 'ok'),
    branchOwned: true,
    listing: { kind: 'rows', table: 'registration' },
    request: async () => get('/registration/deleted', { length: -1 }),
  },
  'GET /api/v1/registration/download': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'xlsx', column: 'Branch' },
    request: async (c, side) => ({ ...get('/registration/download', { branch: c.branch[side].id }), xlsx: true }),
  },
  'POST /api/v1/registration/search': {
    expect: anyLogin,
    branchOwned: true,
    listing: { kind: 'rows', table: 'registration', path: 'data' },
    request: async () => post('/registration/search', { q: '' }),
  },
  'POST /api/v1/registration': {
    expect: row(401, OWN_A, OWN_B, OWN_A, 403, 403),
    branchOwned: true,
    request: async (c, side) => {
      const pre = await c.make.verifiedPreregistration(side);
      return post('/registration', {
        preregistration_id: pre.slug,
        bill_no: c.make.uniqueDigits(8),
        name: pre.name,
        address: 'Teku, Kathmandu',
        citizenship_no: c.make.uniqueDigits(10),
        bike_model_id: await c.make.bikeModelId(),
        payment_mode: 'CASH',
        send_sms: false,
      });
    },
  },
  'GET /api/v1/registration/:slug': {
    expect: readRegistration,
    branchOwned: true,
    request: async (c, side) => get(`/registration/${(await c.make.registration(side)).slug}`),
  },
  'POST /api/v1/registration/:slug': {
    expect: managerScoped,
    branchOwned: true,
    request: async (c, side) => post(`/registration/${(await c.make.registration(side)).slug}`, { note: 'matrix' }),
  },
  'DELETE /api/v1/registration/:slug': {
    expect: managerScoped,
    branchOwned: true,
    request: async (c, side) => del(`/registration/${(await c.make.registration(side)).slug}`),
  },
  'POST /api/v1/registration/:slug/restore': {
    expect: managerScoped,
    branchOwned: true,
    request: async (c, side) => post(`/registration/${(await c.make.registration(side, { deleted: true })).slug}/restore`),
  },
  'POST /api/v1/registration/:slug/verify': {
    expect: readRegistration,
    branchOwned: true,
    request: async (c, side) => {
      const r = await c.make.registration(side);
      return post(`/registration/${r.slug}/verify`, { code: r.couponCode });
    },
  },
  'POST /api/v1/registration/:slug/reset': {
    expect: readRegistration,
    branchOwned: true,
    request: async (c, side) => post(`/registration/${(await c.make.registration(side)).slug}/reset`),
  },
  'POST /api/v1/registration/:slug/notify': {
    expect: readRegistration,
    branchOwned: true,
    request: async (c, side) => post(`/registration/${(await c.make.registration(side)).slug}/notify`),
  },
  'GET /api/v1/stats': { expect: anyLogin, branchOwned: true, listing: { kind: 'stats' }, request: async () => get('/stats') },

  // ---------------------------------------------------------------- bulk SMS (send-sms: head office)
  'POST /api/v1/sms': {
    expect: headOffice,
    branchOwned: true,
    request: async (c, side) => post('/sms', { type: 'BRANCH', branches: [c.branch[side].id], text: 'Matrix offer: visit your showroom.' }),
  },
  'POST /api/v1/sms/recipients': {
    expect: headOffice,
    branchOwned: true,
    request: async (c, side) => post('/sms/recipients', { type: 'BRANCH', branches: [c.branch[side].id], text: 'Matrix offer: visit your showroom.' }),
  },
  'POST /api/v1/sms/preview': {
    expect: headOffice,
    branchOwned: false,
    request: async () => post('/sms/preview', { text: 'Matrix offer' }),
  },
  'GET /api/v1/sms': { expect: headOffice, branchOwned: true, request: async () => get('/sms') },
  'GET /api/v1/sms/:id': { expect: headOffice, branchOwned: true, request: async (c) => get(`/sms/${(await c.make.smsBatch()).id}`) },
  'GET /api/v1/analytics': { expect: headOffice, branchOwned: true, request: async () => get('/analytics') },
};

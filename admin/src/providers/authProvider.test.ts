import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { AuthContext, useAuthState, useCanAccess, useGetIdentity, usePermissions } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATH } from '../paths';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { authProvider, INVALID_CREDENTIALS, sessionAnswer, StepUpError } from './authProvider';
import { adminQueryClient } from './queryClient';
import type { SessionUser } from './session';

const staff: SessionUser = {
  id: 2,
  slug: 'staffslug123',
  name: 'Sita Staff',
  email: 'staff@example.com',
  branch_id: 3,
  branch: { id: 3, title: 'Pokhara Motors' },
  role: { id: 4, title: 'Branch Staff' },
  permissions: ['read-bike-model', 'read-registration', 'create-registration', 'create-preregistration'],
  isAdmin: false,
};

let store: Map<string, string>;
let calls: Array<{ path: string; body?: unknown; auth: string | null }>;
let reply: (path: string) => { status: number; body: unknown };

beforeEach(() => {
  store = new Map();
  calls = [];
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://admin.test').pathname;
    calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined, auth: new Headers(init.headers).get('Authorization') });
    const { status, body } = reply(path);
    return new Response(JSON.stringify(body), { status });
  });
});

afterEach(async () => {
  await authProvider.logout({});
  vi.unstubAllGlobals();
});

describe('authProvider', () => {
  it('logs in, stores token and user, and derives identity and permissions from them', async () => {
    reply = () => ({ status: 200, body: { access_token: 'jwt-1', user: staff } });
    await authProvider.login({ email: 'staff@example.com', password: 'Staff@2082', remember_me: true });
    expect(calls[0]).toMatchObject({
      path: '/api/v1/auth/login',
      body: { email: 'staff@example.com', password: 'Staff@2082', remember_me: true },
    });
    expect(store.get('access_token')).toBe('jwt-1');
    expect(JSON.parse(store.get('user')!)).toEqual(staff);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(1); // the login itself confirmed the token
    expect(await authProvider.getIdentity!()).toMatchObject({ id: 2, fullName: 'Sita Staff', branch: { title: 'Pokhara Motors' } });
    expect(await authProvider.getPermissions!({})).toEqual(staff.permissions);
  });

  it("shows 'Invalid Credentials' when the server refuses the login", async () => {
    reply = () => ({ status: 401, body: { message: 'Invalid Credentials' } });
    await expect(authProvider.login({ email: 'x@y.z', password: 'nope' })).rejects.toThrow(INVALID_CREDENTIALS);
    expect(store.has('access_token')).toBe(false);
  });

  it('passes on a second step the server asks for (the SMS code), and sends the code with the next try', async () => {
    const message = 'If the password is right, a sign-in code has been sent by SMS to the phone on file.';
    reply = () => ({ status: 401, body: { message, step_up: 'sms' } });
    const asked = await authProvider.login({ email: 'admin@example.com', password: 'Admin@2082' }).catch((e: unknown) => e);
    expect(asked).toBeInstanceOf(StepUpError);
    expect(asked).toMatchObject({ step: 'sms', message });
    reply = () => ({ status: 200, body: { access_token: 'jwt-2', user: staff } });
    await authProvider.login({ email: 'admin@example.com', password: 'Admin@2082', code: '123456' });
    expect(calls[1].body).toEqual({ email: 'admin@example.com', password: 'Admin@2082', remember_me: false, code: '123456' });
    expect(store.get('access_token')).toBe('jwt-2');
  });

  it('answers canAccess from the permission list', async () => {
    store.set('access_token', 't');
    store.set('user', JSON.stringify(staff));
    const can = (action: string, resource: string) => authProvider.canAccess!({ action, resource });
    expect(await can('list', 'bike-model')).toBe(true);
    expect(await can('create', 'bike-model')).toBe(false);
    expect(await can('list', 'user')).toBe(false);
    expect(await can('create', 'preregistration')).toBe(true);
    expect(await can('delete', 'registration')).toBe(false);
    expect(await can('list', 'test-ride')).toBe(true);
    expect(await can('list', 'no-such-resource')).toBe(false);
  });

  it('refuses head office the branch-only actions, whatever their permissions', async () => {
    store.set('access_token', 't');
    store.set('user', JSON.stringify({ ...staff, branch_id: null, branch: null, isAdmin: true }));
    const can = (action: string, resource: string) => authProvider.canAccess!({ action, resource });
    expect(await can('create', 'preregistration')).toBe(false);
    expect(await can('create', 'registration')).toBe(false);
    expect(await can('list', 'preregistration')).toBe(true);
  });

  it('confirms a stored token once through the me call on start', async () => {
    store.set('access_token', 'old');
    store.set('user', JSON.stringify({ ...staff, permissions: [] }));
    reply = () => ({ status: 200, body: { user: staff } });
    await authProvider.checkAuth({});
    await authProvider.checkAuth({});
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/auth/me']);
    expect(calls[0].auth).toBe('Bearer old');
    // The me answer refreshes the stored permissions.
    expect(await authProvider.getPermissions!({})).toEqual(staff.permissions);
  });

  it('logs out when the me call is refused (401)', async () => {
    store.set('access_token', 'expired');
    store.set('user', JSON.stringify(staff));
    reply = () => ({ status: 401, body: { message: 'Unauthenticated.' } });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: LOGIN_PATH });
    expect(store.has('access_token')).toBe(false);
    expect(store.has('user')).toBe(false);
  });

  it('keeps the session when the me call meets a server briefly down (503), and asks again at the next check', async () => {
    store.set('access_token', 't');
    store.set('user', JSON.stringify(staff));
    reply = () => ({ status: 503, body: { message: 'The service is temporarily unavailable. Please try again shortly.' } });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(store.has('access_token')).toBe(true);
    await expect(authProvider.checkError({ status: 503 })).resolves.toBeUndefined();
    expect(store.has('access_token')).toBe(true);
    // Back up: the next check confirms the session with a new me call.
    reply = () => ({ status: 200, body: { user: staff } });
    await authProvider.checkAuth({});
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/auth/me', '/api/v1/auth/me']);
  });

  it('sends to /login without a token', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: LOGIN_PATH });
  });

  it('logs out on a 401 from any call, not on a 403', async () => {
    store.set('access_token', 't');
    store.set('user', JSON.stringify(staff));
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(store.has('access_token')).toBe(true);
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: LOGIN_PATH });
    expect(store.has('access_token')).toBe(false);
  });

  it('logout ends the session on the server with its token, clears it here and answers the login path', async () => {
    store.set('access_token', 't');
    store.set('user', JSON.stringify(staff));
    reply = () => ({ status: 200, body: { message: 'Signed out.' } });
    expect(await authProvider.logout({})).toBe(LOGIN_PATH);
    expect(calls).toEqual([{ path: '/api/v1/auth/logout', body: undefined, auth: 'Bearer t' }]);
    expect(store.size).toBe(0);
  });

  it('logout still signs out here when the server refuses the token or cannot be reached', async () => {
    for (const fail of [
      () => ({ status: 401, body: { message: 'Unauthenticated.' } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      store.set('access_token', 't');
      store.set('user', JSON.stringify(staff));
      reply = fail;
      expect(await authProvider.logout({})).toBe(LOGIN_PATH);
      expect(store.size).toBe(0);
    }
    calls = [];
    expect(await authProvider.logout({})).toBe(LOGIN_PATH);
    expect(calls).toEqual([]); // no token: nothing to end on the server
  });
});

describe("the session's answers to react-admin", () => {
  const headOffice: SessionUser = {
    ...staff,
    id: 1,
    branch_id: null,
    branch: null,
    isAdmin: true,
    permissions: ['read-user', 'read-registration'],
  };

  /** Every question react-admin asks of the provider, as its react-query key, with the provider's own answer. */
  async function providerAnswers(): Promise<Array<[readonly unknown[], unknown]>> {
    const questions: Array<[readonly unknown[], unknown]> = [
      [['auth', 'checkAuth', {}], await authProvider.checkAuth({}).then(() => true)],
      [['auth', 'checkAuth', { route: 'dashboard' }], true],
      [['auth', 'getPermissions', {}], await authProvider.getPermissions!({})],
      [['auth', 'getIdentity'], await authProvider.getIdentity!()],
    ];
    for (const [resource, rules] of Object.entries(RESOURCE_PERMISSIONS))
      for (const action of Object.keys(rules))
        questions.push([['auth', 'canAccess', { action, resource, enabled: true }], await authProvider.canAccess!({ action, resource })]);
    return questions;
  }

  it('equal what the provider answers, for branch staff and for head office, once the server has accepted the session', async () => {
    for (const user of [staff, headOffice]) {
      reply = () => ({ status: 200, body: { access_token: 'jwt', user } });
      await authProvider.login({ email: user.email, password: 'pw' });
      const answers = await providerAnswers();
      expect(answers.length).toBeGreaterThan(30);
      for (const [key, answer] of answers) expect(sessionAnswer(key), JSON.stringify(key)).toEqual({ value: answer });
      await authProvider.logout({});
    }
  });

  it('are not given before the me call has accepted a stored session, nor after the server refused it', async () => {
    store.set('access_token', 'stored');
    store.set('user', JSON.stringify(staff));
    expect(sessionAnswer(['auth', 'getPermissions', {}])).toBeUndefined();
    reply = () => ({ status: 200, body: { user: staff } });
    await authProvider.checkAuth({});
    expect(sessionAnswer(['auth', 'getPermissions', {}])).toEqual({ value: staff.permissions });
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: LOGIN_PATH });
    expect(sessionAnswer(['auth', 'getPermissions', {}])).toBeUndefined();
    expect(sessionAnswer(['auth', 'canAccess', { action: 'list', resource: 'registration' }])).toBeUndefined();
  });

  /** What react-admin's own hooks give on their first render through the admin's query client. */
  function firstRender(): {
    pending: boolean;
    authenticated?: boolean;
    canList?: boolean;
    canDelete?: boolean;
    name?: string;
    permissions?: unknown;
  } {
    const Probe = () => {
      const auth = useAuthState();
      const list = useCanAccess({ resource: 'registration', action: 'list' });
      const remove = useCanAccess({ resource: 'registration', action: 'delete' });
      const { identity, isPending: identityPending } = useGetIdentity();
      const { permissions, isPending: permissionsPending } = usePermissions();
      const pending = auth.isPending || list.isPending || remove.isPending || identityPending || permissionsPending;
      const seen = {
        pending,
        authenticated: auth.authenticated,
        canList: list.canAccess,
        canDelete: remove.canAccess,
        name: identity?.fullName,
        permissions,
      };
      return createElement('output', null, JSON.stringify(seen));
    };
    const html = renderToString(
      createElement(
        MemoryRouter,
        null,
        createElement(
          QueryClientProvider,
          { client: adminQueryClient() },
          createElement(AuthContext.Provider, { value: authProvider }, createElement(Probe)),
        ),
      ),
    );
    const text = html.replace(/^<output>|<\/output>$/g, '').replace(/&quot;/g, '"');
    return JSON.parse(text);
  }

  it("reach react-admin's hooks on their first render, so a page does not wait a render per question", async () => {
    reply = () => ({ status: 200, body: { access_token: 'jwt', user: staff } });
    await authProvider.login({ email: staff.email, password: 'pw' });
    expect(firstRender()).toEqual({
      pending: false,
      authenticated: true,
      canList: true,
      canDelete: false,
      name: 'Sita Staff',
      permissions: staff.permissions,
    });
  });

  it('leave the hooks asking the provider while the server has not yet accepted the session', () => {
    store.set('access_token', 'stored');
    store.set('user', JSON.stringify(staff));
    expect(firstRender()).toMatchObject({ pending: true });
  });
});

// @vitest-environment node
// The web's copies of the protocol's contract, held to the server's own: `kesher --dump-protocol`
// prints the server's socket modules with who may call them, its error codes and its pages with
// their access (server/src/app/protocol_dump.cpp). Set KESHER_BIN to the binary; `make web-test`
// builds it first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isValidElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GuestOnly, RequireAuth } from '../app/guards';
import { routes } from '../app/router';
import { CONSOLE_ERROR_CODES } from '../console/protocol';
import { EXTRA_FIELDS } from '../features/profile/extras/catalog';
import { ERROR_CODES, MODULE_ACCESS } from './protocol';
import { GUEST_MODULES } from './queue';

interface PageRoute {
  path: string;
  access: 'protected' | 'guest_only' | 'open';
  parameter: 'none' | 'optional' | 'required';
}

interface ProtocolDump {
  modules: { name: string; access: 'guest' | 'member'; runs: 'worker' | 'network' }[];
  console_modules?: { name: string; access: 'staff' | 'admin'; runs: 'worker' | 'network' }[];
  error_codes: { code: string; meaning: string }[];
  page_routes: PageRoute[];
  profile_extras: { id: string; kind: string; options: string[]; min: number; max: number }[];
}

const binary = resolve(process.env.KESHER_BIN ?? '../build/server/kesher');

function serverContract(): ProtocolDump {
  if (!existsSync(binary)) {
    throw new Error(`no server at ${binary}: build it (make server) or set KESHER_BIN`);
  }
  return JSON.parse(
    execFileSync(binary, ['--dump-protocol'], { encoding: 'utf8' }),
  ) as ProtocolDump;
}

function guardOf(element: ReactNode): PageRoute['access'] | undefined {
  if (!isValidElement(element)) return undefined;
  if (element.type === RequireAuth) return 'protected';
  if (element.type === GuestOnly) return 'guest_only';
  return undefined;
}

/** `/chat/:slug?` is the page `/chat` with an optional parameter, as the server names it. */
function page(path: string, access: PageRoute['access']): PageRoute {
  const match = /^(.*)\/:\w+(\?)?$/.exec(path);
  if (!match) return { path, access, parameter: 'none' };
  return { path: match[1] || '/', access, parameter: match[2] ? 'optional' : 'required' };
}

/** Every page of a route tree with the guard it is under; the catch-all `*` is not a page. */
function pagesOf(
  tree: readonly RouteObject[],
  parentPath = '',
  access: PageRoute['access'] = 'open',
): PageRoute[] {
  return tree.flatMap((route) => {
    const guarded = guardOf(route.element) ?? access;
    if (route.path === '*') return [];
    const path = route.path?.startsWith('/')
      ? route.path
      : route.path
        ? `${parentPath}/${route.path}`
        : parentPath;
    const own = route.path ? [page(path, guarded)] : [];
    return [...own, ...pagesOf(route.children ?? [], path, guarded)];
  });
}

const byPath = (a: PageRoute, b: PageRoute) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

describe('the protocol contract with the server', () => {
  const server = serverContract();

  it('knows exactly the server’s error codes, with the staff console’s own', () => {
    expect([...ERROR_CODES, ...CONSOLE_ERROR_CODES].sort()).toEqual(
      server.error_codes.map((e) => e.code).sort(),
    );
  });

  it('knows exactly the server’s socket modules, with who may call each', () => {
    expect(Object.entries(MODULE_ACCESS).sort()).toEqual(
      server.modules.map((m) => [m.name, m.access]).sort(),
    );
  });

  it('lets out before authentication exactly the modules a guest may call', () => {
    expect([...GUEST_MODULES].sort()).toEqual(
      server.modules
        .filter((m) => m.access === 'guest')
        .map((m) => m.name)
        .sort(),
    );
  });

  it('has the server’s pages, each behind the same guard', () => {
    expect(pagesOf(routes).sort(byPath)).toEqual([...server.page_routes].sort(byPath));
  });

  it('has the server’s profile extras, field for field and option for option', () => {
    const client = EXTRA_FIELDS.map((field) => ({
      id: field.id,
      kind: field.kind,
      options: [...field.options],
      // The server dumps 0 where a bound does not apply.
      min: field.min ?? 0,
      max: field.max ?? 0,
    }));
    expect(client).toEqual(server.profile_extras);
  });
});

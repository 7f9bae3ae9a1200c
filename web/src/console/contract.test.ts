// @vitest-environment node
// The console's modules held to the server's own list (`kesher --dump-protocol`, its
// console_modules), as src/realtime/contract.test.ts does for the members' socket.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_MODULE_ACCESS } from './protocol';

const binary = resolve(process.env.KESHER_BIN ?? '../build/server/kesher');

describe('the console protocol contract with the server', () => {
  it('knows exactly the server’s console modules, with who may call each', () => {
    if (!existsSync(binary)) {
      throw new Error(`no server at ${binary}: build it (make server) or set KESHER_BIN`);
    }
    const dump = JSON.parse(execFileSync(binary, ['--dump-protocol'], { encoding: 'utf8' })) as {
      console_modules: { name: string; access: string }[];
    };
    expect(Object.entries(CONSOLE_MODULE_ACCESS).sort()).toEqual(
      dump.console_modules.map((m) => [m.name, m.access]).sort(),
    );
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The boundary rules over a small tree that breaks each of them once, beside files that keep them.
const tree: Record<string, string> = {
  'packages/domain/src/index.ts': "export * from './reports/notes';\n",
  'packages/domain/src/reports/notes.ts': 'export const note = 1;\n',
  'apps/web/src/features/signature/inbox.ts':
    "import { bell } from '../notifications/bell';\nimport { note } from '../../../../../packages/domain/src/index';\nexport const inbox = [bell, note];\n",
  'apps/web/src/features/notifications/bell.ts': 'export const bell = 1;\n',
  'apps/web/src/lib/client.ts':
    "import { inbox } from '../features/signature/inbox';\nexport const client = inbox;\n",
  'apps/server/src/modules/a.ts':
    "import type { B } from './b';\nimport { note } from '../../../../packages/domain/src/reports/notes';\nexport type A = B | typeof note;\n",
  'apps/server/src/modules/b.ts': "import type { A } from './a';\nexport type B = A[];\n",
  'apps/server/src/modules/sync.ts':
    "import { simulator } from '../../../simulators/src/index';\nimport { helper } from '../test-support/helper';\nexport const sync = [simulator, helper];\n",
  'apps/server/src/modules/sync.test.ts':
    "import { helper } from '../test-support/helper';\nexport const t = helper;\n",
  'apps/server/src/test-support/helper.ts':
    "import { simulator } from '../../../simulators/src/index';\nimport { client } from '../../../web/src/lib/client';\nexport const helper = [simulator, client];\n",
  'apps/server/src/http/errors.ts': 'export const errors = 1;\n',
  'apps/simulators/src/index.ts':
    "import { errors } from '../../server/src/http/errors';\nexport const simulator = errors;\n",
};

describe('the boundary check', () => {
  let root: string;
  let output: string;
  let status: number | null;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-boundaries-'));
    for (const [file, text] of Object.entries(tree)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    const result = spawnSync(process.execPath, [path.resolve('scripts/check-boundaries.mjs'), root], {
      encoding: 'utf8',
    });
    output = result.stdout + result.stderr;
    status = result.status;
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('fails the build', () => {
    expect(status).not.toBe(0);
  });

  it('refuses a web feature importing another feature', () => {
    expect(output).toMatch(
      /web-feature-imports-another-feature: apps\/web\/src\/features\/signature\/inbox\.ts → apps\/web\/src\/features\/notifications\/bell\.ts/,
    );
  });

  it('refuses lib/ or components/ importing a feature', () => {
    expect(output).toMatch(/web-shared-code-imports-a-feature: apps\/web\/src\/lib\/client\.ts/);
  });

  it('refuses an app importing a file inside the domain, but not its index', () => {
    expect(output).toMatch(
      /domain-only-through-its-index: apps\/server\/src\/modules\/a\.ts → packages\/domain\/src\/reports\/notes\.ts/,
    );
    expect(output).not.toMatch(
      /domain-only-through-its-index: apps\/web\/src\/features\/signature\/inbox\.ts/,
    );
  });

  it('refuses one app importing another, a simulator included, but lets the server’s test support start a simulator', () => {
    expect(output).toMatch(
      /apps-stay-apart: apps\/server\/src\/modules\/sync\.ts → apps\/simulators\/src\/index\.ts/,
    );
    expect(output).toMatch(
      /apps-stay-apart: apps\/simulators\/src\/index\.ts → apps\/server\/src\/http\/errors\.ts/,
    );
    expect(output).not.toMatch(/apps\/server\/src\/test-support\/helper\.ts → apps\/simulators\//);
    expect(output).toMatch(
      /server-test-support-reaches-only-the-simulators: apps\/server\/src\/test-support\/helper\.ts → apps\/web\/src\/lib\/client\.ts/,
    );
  });

  it('refuses shipped server code importing test support, but not a test', () => {
    expect(output).toMatch(
      /test-support-stays-in-tests: apps\/server\/src\/modules\/sync\.ts → apps\/server\/src\/test-support\/helper\.ts/,
    );
    expect(output).not.toMatch(/apps\/server\/src\/modules\/sync\.test\.ts →/);
  });

  it('refuses an import cycle, even of types only', () => {
    expect(output).toMatch(/no-circular: apps\/server\/src\/modules\/(a|b)\.ts/);
  });
});

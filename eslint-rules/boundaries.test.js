/**
 * The import boundaries (`boundaries.js`) refuse each kind of bad import and let the good ones through. Each
 * case lints a snippet as if it sat at `filePath`; the imported files are real files of the repository, so
 * the resolver finds them as it does in `npm run lint`.
 */

import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

import { boundaries, ROOT, WEB_FEATURES, WEB_SHARED, ZONES } from './boundaries.js';

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
});

/** The rule ids `code` breaks when it sits at `filePath` (relative to the repository root), each once, sorted. */
async function brokenRules(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
  return [...new Set(result.messages.map((message) => message.ruleId ?? message.message))].sort();
}

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';

describe('web features', () => {
  it('a feature imports no other feature', async () => {
    const code = "import { betMachine } from '../retail/utils/bet-machine.ts';\n";
    expect(await brokenRules('apps/web/src/features/tailspin/probe.ts', code)).toEqual([PATHS]);
  });

  it('a feature imports its own modules and shared code', async () => {
    const code =
      "import { betPreview } from './utils/stake.ts';\nimport { formatSol } from '../../lib/format.ts';\n";
    expect(await brokenRules('apps/web/src/features/tailspin/probe.ts', code)).toEqual([]);
  });

  it('a feature does not import src/app', async () => {
    const code = "import { APP_ROUTES } from '../../app/route-paths.ts';\n";
    expect(await brokenRules('apps/web/src/features/history/probe.ts', code)).toEqual([PATHS]);
  });

  it('every feature folder has its zone', () => {
    expect(WEB_FEATURES).toContain('tailspin');
    for (const feature of WEB_FEATURES) {
      expect(ZONES.some((zone) => zone.target === `./apps/web/src/features/${feature}`)).toBe(true);
    }
  });
});

describe('shared web code', () => {
  it('imports no feature', async () => {
    const code = "import { betPreview } from '../features/tailspin/utils/stake.ts';\n";
    expect(await brokenRules('apps/web/src/lib/probe.ts', code)).toEqual([PATHS]);
    expect(await brokenRules('apps/web/src/components/probe.tsx', code)).toEqual([PATHS]);
  });

  it('imports other shared code', async () => {
    const code = "import { formatSol } from '../lib/format.ts';\n";
    expect(await brokenRules('apps/web/src/components/probe.tsx', code)).toEqual([]);
  });

  it('covers every folder of src except features and app', () => {
    expect(WEB_SHARED).toEqual(expect.arrayContaining(['components', 'config', 'lib', 'testing']));
    expect(WEB_SHARED).not.toContain('features');
    expect(WEB_SHARED).not.toContain('app');
  });
});

describe('src/app', () => {
  it('composes features and shared code', async () => {
    const code =
      "import { betPreview } from '../features/tailspin/utils/stake.ts';\nimport { formatSol } from '../lib/format.ts';\n";
    expect(await brokenRules('apps/web/src/app/probe.tsx', code)).toEqual([]);
  });
});

describe('packages and programs', () => {
  it('import no app, by path or by package name (a package name resolves into apps/ too)', async () => {
    expect(
      await brokenRules(
        'packages/sdk/src/probe.ts',
        "import { formatSol } from '../../../apps/web/src/lib/format.ts';\n",
      ),
    ).toEqual([PATHS]);
    expect(
      await brokenRules('programs/wager/test/probe.ts', "import { x } from '@arcade/server/src/app.ts';\n"),
    ).toEqual([PATHS, IMPORTS].sort());
    expect(await brokenRules('packages/sdk/src/probe.ts', "import { x } from '@arcade/web';\n")).toEqual([
      IMPORTS,
    ]);
  });

  it("the programs' toolchain imports no SDK (the SDK reads the programs' IDLs, not the other way)", async () => {
    expect(
      await brokenRules('packages/sbf/src/build/probe.ts', "import { x } from '@arcade/sdk/constants';\n"),
    ).toEqual([PATHS]);
    expect(
      await brokenRules('packages/sdk/src/probe.ts', "import idl from '@arcade/program-wager/idl.json';\n"),
    ).toEqual([]);
  });

  it('import each other and their own modules', async () => {
    const code =
      "import { MIN_BET_LAMPORTS } from './constants.ts';\nimport { x } from '@arcade/sbf/testing';\n";
    expect(await brokenRules('packages/sdk/src/probe.ts', code)).toEqual([]);
  });
});

describe('server layers', () => {
  it('a repository imports no service, route or worker', async () => {
    const code = "import { x } from '../services/juice-service.ts';\n";
    expect(await brokenRules('apps/server/src/repositories/probe.ts', code)).toEqual([PATHS]);
  });

  it('a service imports no route, but repositories', async () => {
    expect(
      await brokenRules(
        'apps/server/src/services/probe.ts',
        "import { x } from '../routes/api/user/auth.ts';\n",
      ),
    ).toEqual([PATHS]);
    expect(
      await brokenRules(
        'apps/server/src/services/probe.ts',
        "import { x } from '../repositories/chat-repository.ts';\n",
      ),
    ).toEqual([]);
  });
});

describe('no barrels', () => {
  it('no `export *` anywhere', async () => {
    expect(await brokenRules('packages/sdk/src/probe.ts', "export * from './constants.ts';\n")).toEqual([
      SYNTAX,
    ]);
    expect(await brokenRules('apps/web/src/lib/probe.ts', "export * from './format.ts';\n")).toEqual([
      SYNTAX,
    ]);
  });

  it('no re-exports in the web app', async () => {
    expect(
      await brokenRules('apps/web/src/lib/probe.ts', "export { formatSol } from './format.ts';\n"),
    ).toEqual([SYNTAX]);
    expect(
      await brokenRules('apps/web/src/lib/probe.ts', "export type { Address } from '@solana/kit';\n"),
    ).toEqual([SYNTAX]);
    expect(
      await brokenRules('apps/web/src/lib/probe.ts', 'export const x = 1;\nexport { x as y };\n'),
    ).toEqual([]);
  });

  it('no index files in the web app and the packages', async () => {
    expect(await brokenRules('apps/web/src/lib/index.ts', 'export const x = 1;\n')).toEqual([SYNTAX]);
    expect(await brokenRules('packages/sdk/src/wager/index.ts', 'export const x = 1;\n')).toEqual([SYNTAX]);
  });

  it('no folder or index imports; a file with its extension is fine', async () => {
    for (const specifier of ['..', '.', '../lib', './wallet/', '../lib/index.ts', './index']) {
      expect(await brokenRules('apps/web/src/lib/probe.ts', `import { x } from '${specifier}';\n`)).toEqual([
        IMPORTS,
      ]);
    }
    expect(
      await brokenRules('apps/web/src/lib/probe.ts', "import { formatSol } from './format.ts';\n"),
    ).toEqual([]);
  });

  it('the SDK may import the index files of its generated code', async () => {
    const code = "import { x } from '../generated/wager/programs/index.ts';\n";
    expect(await brokenRules('packages/sdk/src/wager/probe.ts', code)).toEqual([]);
    expect(
      await brokenRules('packages/sdk/src/wager/probe.ts', "import { x } from '../index.ts';\n"),
    ).toEqual([IMPORTS]);
  });
});

/**
 * Import boundaries between the parts of the monorepo, as ESLint flat-config objects (`docs/boundaries.md`).
 *
 * - A web feature (`apps/web/src/features/<X>`) imports no other feature.
 * - Shared web code (every folder of `apps/web/src` other than `features/` and `app/`) imports no feature.
 * - Features and shared web code never import `app/` (routing and composition sit on top of them).
 * - Packages (`packages/`, `programs/`) never import an app.
 * - The server's layers point one way: repositories import no service, route or worker; services no route.
 * - No barrels: no `export *` anywhere; in the web app no re-export at all and no `index.ts(x)` files;
 *   relative imports name a file with its extension (no folder imports, which would pick an index file).
 *
 * The feature and shared folders are read from disk when ESLint loads, so a new feature or shared folder
 * is covered without editing this file.
 *
 * @module
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** The repository root (this file sits in `<root>/eslint-rules/`). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const WEB_SRC = 'apps/web/src';

/** The folders directly under `dir` (relative to the root), sorted; none if it does not exist. */
function foldersOf(dir) {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The web features: each folder of `apps/web/src/features`. */
export const WEB_FEATURES = foldersOf(`${WEB_SRC}/features`);

/** Shared web code: each folder of `apps/web/src` except `features` and `app`. */
export const WEB_SHARED = foldersOf(WEB_SRC).filter((name) => name !== 'features' && name !== 'app');

const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./${WEB_SRC}/features/${feature}`,
    from: `./${WEB_SRC}/features`,
    except: [`./${feature}`],
    message:
      'A feature imports no other feature: move what both need down into shared code (src/lib, src/components, …), or compose the two in src/app.',
  })),
  ...WEB_SHARED.map((shared) => ({
    target: `./${WEB_SRC}/${shared}`,
    from: `./${WEB_SRC}/features`,
    message:
      'Shared web code imports no feature: move what it needs down into shared code, or compose in src/app.',
  })),
  {
    target: [`./${WEB_SRC}/features`, ...WEB_SHARED.map((shared) => `./${WEB_SRC}/${shared}`)],
    from: `./${WEB_SRC}/app`,
    message:
      'Only src/app (and main.tsx) imports src/app: routing and composition sit on top of features and shared code.',
  },
];

const packageZones = [
  {
    target: ['./packages', './programs'],
    from: './apps',
    message: 'Packages and programs import no app: move what both need into a package.',
  },
  {
    target: './packages/sbf',
    from: './packages/sdk',
    message:
      'The programs\' toolchain imports no SDK: the programs own their numbers (IDL constants) and the SDK reads them from the IDLs, never the other way (docs/boundaries.md, "Programs and the SDK").',
  },
];

const SERVER_SRC = 'apps/server/src';

const serverZones = [
  {
    target: `./${SERVER_SRC}/repositories`,
    from: [`./${SERVER_SRC}/services`, `./${SERVER_SRC}/routes`, `./${SERVER_SRC}/workers`],
    message: 'Repositories sit below services, routes and workers and import none of them.',
  },
  {
    target: `./${SERVER_SRC}/services`,
    from: `./${SERVER_SRC}/routes`,
    message: 'Services sit below routes and import none of them.',
  },
];

/** Every zone of `import-x/no-restricted-paths`, paths relative to the repository root. */
export const ZONES = [...webZones, ...packageZones, ...serverZones];

const NO_EXPORT_ALL = {
  selector: 'ExportAllDeclaration',
  message: 'No `export * from`: import from the module that defines the name.',
};

const NO_RE_EXPORT = {
  selector: 'ExportNamedDeclaration[source]',
  message: 'No re-exports in the web app: importers name the module that defines the name.',
};

const NO_APP_IMPORTS = {
  regex: String.raw`^@arcade/(server|web)(/|$)`,
  message: 'Packages and programs import no app: move what both need into a package.',
};

const NO_FOLDER_IMPORT = {
  // `.`, `..`, `./x`, `../x/` …: a relative import whose last segment has no extension names a folder (or
  // an extensionless file) and would resolve to an index file.
  regex: String.raw`^(?!.*/generated/)\.{1,2}(/\.{1,2})*(/[^/.]+)*/?$`,
  message: 'Import the file itself, with its extension (no folder imports, no index files).',
};

const NO_INDEX_IMPORT = {
  // The SDK's generated code (Codama, `packages/sdk/src/generated/`) keeps its index files.
  regex: String.raw`^(?!.*/generated/).*(^|/)index(\.[cm]?[jt]sx?)?$`,
  message: 'No index files: import the module that defines the name.',
};

/** The flat-config objects; the root `eslint.config.js` spreads them after its language settings. */
export const boundaries = [
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: ZONES }],
      'no-restricted-syntax': ['error', NO_EXPORT_ALL],
    },
  },
  {
    files: ['packages/**/*.ts', 'programs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_APP_IMPORTS] }] },
  },
  {
    files: ['packages/*/src/**/*.ts', 'programs/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_APP_IMPORTS, NO_FOLDER_IMPORT, NO_INDEX_IMPORT] }],
    },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_FOLDER_IMPORT, NO_INDEX_IMPORT] }] },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', NO_EXPORT_ALL, NO_RE_EXPORT] },
  },
  {
    files: ['apps/web/src/**/index.{ts,tsx}', 'packages/*/src/**/index.ts', 'programs/*/src/**/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: 'No index files: give the module a name that says what it holds.' },
      ],
    },
  },
];

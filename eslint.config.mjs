// @ts-check
import { createRequire } from 'node:module';
import nx from '@nx/eslint-plugin';
import { defineConfig } from 'eslint/config';

// @nx/enforce-module-boundaries reads the cached project graph and silently skips itself when
// there is none (a fresh clone, or `npx eslint` run outside an Nx task). Inside an Nx task the
// graph was just computed; otherwise compute it here, with the @nx/devkit the plugin itself uses.
if (!process.env.NX_TASK_TARGET_PROJECT) {
  const requireFromPlugin = createRequire(import.meta.resolve('@nx/eslint-plugin'));
  /** @type {typeof import('@nx/devkit')} */
  const devkit = requireFromPlugin('@nx/devkit');
  process.env.NX_DAEMON ??= 'false';
  try {
    await devkit.createProjectGraphAsync({ exitOnError: false });
  } catch (error) {
    // The other rules still run; Nx itself (nx lint, nx build) reports the graph error in full.
    const causes = typeof error?.getErrors === 'function' ? error.getErrors() : [error];
    const reason = causes.map((e) => String(e?.message ?? e).split('\n')[0]).join('; ');
    console.error(`eslint.config.mjs: no Nx project graph, module boundaries unchecked: ${reason}`);
  }
}

/**
 * Module boundaries, two dimensions (STYLE.md §10). Nx applies every constraint whose
 * sourceTag a project carries, so a project must satisfy both its `type:` and its `scope:` rule.
 * The gateway cannot import a domain library; no domain library imports another.
 */
const typeRules = {
  'type:app': ['*'],
  'type:gateway': ['type:contracts', 'type:platform'],
  'type:domain': ['type:contracts', 'type:platform'],
  'type:platform': ['type:contracts', 'type:platform'],
  'type:contracts': [],
  'type:testing': ['type:contracts', 'type:platform', 'type:domain'],
  'type:e2e': ['type:contracts', 'type:testing', 'type:platform'],
};

const scopeRules = {
  'scope:app': ['*'],
  ...Object.fromEntries(
    ['gateway', 'tenant', 'ingestion', 'memory', 'search', 'graph'].map((scope) => [
      `scope:${scope}`,
      [`scope:${scope}`, 'scope:shared'],
    ]),
  ),
};

/**
 * @param {{ testFiles: boolean }} options Test files may also use the testing library
 *   (factories, scratch databases, port contract suites); production code may not.
 */
function moduleBoundaries({ testFiles }) {
  const typeConstraints = Object.entries(typeRules).map(([sourceTag, tags]) => ({
    sourceTag,
    onlyDependOnLibsWithTags:
      testFiles && sourceTag !== 'type:contracts' && !tags.includes('*')
        ? [...new Set([...tags, 'type:testing'])]
        : tags,
  }));
  const scopeConstraints = Object.entries(scopeRules).map(([sourceTag, tags]) => ({
    sourceTag,
    onlyDependOnLibsWithTags: tags,
  }));
  const depConstraints = [...typeConstraints, ...scopeConstraints];
  return ['error', { enforceBuildableLibDependency: true, allow: [], depConstraints }];
}

const tsFiles = ['**/*.ts', '**/*.tsx', '**/*.cts', '**/*.mts'];

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'tmp/**', '**/*.tsbuildinfo'] },
  // Nx's TypeScript preset: eslint:recommended + typescript-eslint recommended, TS parser.
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: tsFiles,
    languageOptions: {
      ecmaVersion: 2022,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Promise discipline (Immich style): a forgotten await loses errors and ordering.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's describe/it return promises that the runner itself tracks.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // Error codes map to HTTP statuses with a switch that must name every code.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Not in typescript-eslint's recommended set; Nx's preset adds it as a warning, which
      // --max-warnings 0 would turn into a failure.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@nx/enforce-module-boundaries': moduleBoundaries({ testFiles: false }),
    },
  },
  {
    // A library's `src/testing/` folder holds rigs and fixtures built from its own classes (they
    // cannot live in libs/testing, which every domain's specs import: that would be a project
    // cycle). Production code never imports them; specs and contract suites do.
    files: ['libs/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.contract.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?testing(/|$)',
              message: 'testing/ folders are for specs and contract suites only, not production code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Contract suites are tests too: each port's behaviour suite, run by its adapters' specs.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.contract.ts'],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries({ testFiles: true }) },
  },
);

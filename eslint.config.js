// Lint rules that enforce the house plan's layering (see ../shared/ARCHITECTURE.md, "Dependency direction"):
// renderer -> contract types only (values from the words and RPC modules alone); main -> app; app knows nothing of
// Electron, main or renderer; the doctor, the comparison, the profile model and its reduction are pure (no I/O); the
// probe is self-contained CommonJS that runs inside the user's app.
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';

const nodeIo = ['node:fs', 'node:fs/promises', 'node:child_process', 'node:net', 'node:http', 'node:https', 'node:worker_threads', 'fs', 'child_process', 'net', 'http'];
const restrict = (patterns, paths = []) => ['error', { patterns, paths }];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'assets/labs/**', 'test/realapps/apps/**'] },
  ...tseslint.configs.recommended,
  // The Svelte plugin's rules belong to Svelte files (some of them break on CommonJS sources).
  ...svelte.configs['flat/recommended'].map((c) => (c.files || !c.rules ? c : { ...c, files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'] })),
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'svelte/no-at-html-tags': 'error',
    },
  },
  {
    files: ['app/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['electron', 'electron/*'], message: 'app/ is the engine and knows nothing of Electron.' },
        { group: ['**/main/**', '**/renderer/**'], message: 'app/ must not import main/ or renderer/.' },
      ]),
    },
  },
  {
    // Pure: functions over data, tested on recorded and seeded synthetic data. The advice file loader is the doctor's
    // one reader of files.
    files: [
      'app/diagnosis/**/*.ts',
      'app/compare/**/*.ts',
      'app/profile/model/**/*.ts',
      'app/profile/analysis/**/*.ts',
      'app/profile/reduce/**/*.ts',
      'app/contract/**/*.ts',
      'app/numbers.ts',
    ],
    ignores: ['app/diagnosis/advice-files.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          { group: ['electron', 'electron/*', '**/main/**', '**/renderer/**'], message: 'pure engine code.' },
          { group: ['**/store/**', '**/target/**', '**/load/**', '**/server/**', '**/cli/**', '**/engine/**', '**/share/**', '**/paths.js'], message: 'analysers are pure functions over data.' },
        ],
        nodeIo.map((name) => ({ name, message: 'analysers and models are pure: pass data in, no I/O.' })),
      ),
    },
  },
  {
    // The command line is a face like the others: it reaches the engine through the in-process client only, and
    // otherwise imports the contract, the error catalogue, the engine's pure arithmetic and its own files.
    // `checkup serve` hosts browser mode (the engine and its server), as main/ hosts the desktop.
    files: ['app/cli/**/*.ts'],
    ignores: ['app/cli/serve-command.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['electron', 'electron/*', '**/main/**', '**/renderer/**'], message: 'app/ knows nothing of Electron, main/ or the renderer.' },
        {
          group: ['../*.js', '../*/**', '!../contract/*.js', '!../errors.js', '!../numbers.js', '!../rpc/in-process.js'],
          message: 'the CLI reaches the engine through the in-process client (app/rpc/in-process.ts) and the contract only.',
        },
      ]),
    },
  },
  {
    files: ['main/**/*.ts', 'main/**/*.cts'],
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/renderer/**'], message: 'main/ must not import the renderer.' }]),
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': restrict([
        { group: ['electron', 'electron/*', 'node:*'], message: 'the renderer is sandboxed: no Node, no Electron.' },
        { group: ['**/main/**'], message: 'the renderer talks to main only through window.checkup.' },
        {
          group: ['**/app/**', '!**/app/contract', '!**/app/contract/*', '!**/app/contract/index.js'],
          message: 'the renderer may import only app/contract.',
        },
        {
          // The words the faces show and the RPC client are dependency-free code the renderer runs; the rest of the
          // contract (zod schemas, the engine's types) is types only, so no engine code reaches the bundle.
          group: ['**/app/contract/*', '!**/app/contract/words.js', '!**/app/contract/request-time-words.js', '!**/app/contract/profiling-cost-words.js', '!**/app/contract/rpc.js'],
          allowTypeImports: true,
          message: 'from app/contract the renderer value-imports only the words modules (words.js, request-time-words.js, profiling-cost-words.js) and rpc.js; everything else with `import type`.',
        },
      ]),
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Small CommonJS servers that tests and benchmarks launch as targets.
    files: ['test/fixtures/**/*.{js,cjs}', 'bench/fixtures/**/*.js', 'test/corpus/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['app/probe/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly', setTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', clearTimeout: 'readonly' } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // It runs inside the user's app from app.asar.unpacked: Node's own modules and its sibling files only.
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='require'][arguments.0.value=/^\\.(?!\\/[\\w-]+\\.cjs$)/]", message: 'the probe may require only its sibling files (./name.cjs) and Node\'s own modules: it runs inside the user\'s app.' }],
    },
  },
);

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/artifacts', 'test-results'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // A feature reaches the socket only through its api.ts (docs/architecture.md, "Web client"):
    // screens, hooks and stores call the functions there, never the realtime client itself.
    // Types from the client stay importable; tests and their doubles are exempt.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: [
      'src/features/**/api.ts',
      'src/features/**/*.test.{ts,tsx}',
      'src/features/**/testing.{ts,tsx}',
      'src/features/auth/shellMock.ts',
      'src/features/chat/testReset.ts',
      // The auth and settings features' one door to the app shell; their api.ts use it.
      'src/features/auth/shell.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)realtime(/(index|instance|client|hooks))?$',
              allowTypeImports: true,
              message: "Call the socket through this feature's api.ts.",
            },
            {
              regex: '(^|/)shell$',
              importNames: ['realtime'],
              message: "Call the socket through this feature's api.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // The members' app never loads the staff console (docs/architecture.md, "Console bundle"):
    // nothing outside src/console imports it or its translations. scripts/check-bundles checks
    // the built bundles as well.
    files: ['src/**/*.{ts,tsx}'],
    // Tests are no part of a bundle: the contract test checks the console's codes too.
    ignores: ['src/console/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)console(/|$)',
              message: "The members' app must not import the staff console.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.{js,mjs}', 'scripts/**/*.mjs', '*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
  },
);

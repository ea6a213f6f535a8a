import vitest from '@vitest/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', '.local/**', '.bench/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier",
          message:
            "Import zod as a namespace (import * as z from 'zod'): the named import defeats tree shaking and adds ~360 KB to every bundle.",
        },
      ],
    },
  },
  { files: ['test/bench/**/*.ts'], rules: { 'no-console': 'off' } },
  {
    files: ['test/**/*.ts'],
    plugins: { vitest },
    rules: {
      // A focused or skipped test silently drops coverage: never committed.
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      'vitest/expect-expect': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);

import vitest from '@vitest/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'cdk.out/**',
      '.local/**',
      '.bench/**',
      '.eval/**',
      'coverage/**',
      'web/consent-page/dist/**',
    ],
  },
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
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/mini', 'zod/v4', 'zod/v4/mini'].map((name) => ({
            name,
            message:
              "Import z from shared/validation/z: one zod (zod/mini, a third of the classic API's cold-start cost), configured before any schema parses.",
          })),
        },
      ],
    },
  },
  {
    files: [
      'test/bench/**/*.ts',
      'eval/analysis/run.ts',
      'eval/analysis/train.ts',
      'eval/analysis/anchors.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  { files: ['shared/validation/z.ts'], rules: { 'no-restricted-imports': 'off' } },
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

import tseslint from 'typescript-eslint';

const frameworkImports = {
  patterns: [
    {
      group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'pg', 'class-validator', 'class-transformer', 'express'],
      message: 'Pure code (engine/, */domain/) must not import a framework, ORM or driver.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**', 'test/artifacts/**', '*.js', '*.cjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/engine/**/*.ts', 'src/**/domain/**/*.ts', 'src/i18n/*.ts', 'src/i18n/catalogues/*.ts'],
    rules: { 'no-restricted-imports': ['error', frameworkImports] },
  },
  {
    // The test runner's plain CommonJS (test/run.cjs, test/setup/resources.cjs): loaded without a transform.
    files: ['test/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]", message: 'No focused or skipped tests.' },
      ],
    },
  },
);

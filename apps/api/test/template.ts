/** The migrated, seeded database each test database is copied from. */
export const templateDatabase = 'itrust_template';

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

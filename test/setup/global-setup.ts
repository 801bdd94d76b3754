// Placeholder: replaced by the embedded-PostgreSQL setup in the foundation work.
export default async function globalSetup(): Promise<void> {}

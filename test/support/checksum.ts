/**
 * SQL that checksums every row of the given tables, to show a request changed nothing. Every row is
 * hashed, but the opening explorer's `explorer_moves` (some 80,000 rows of master games loaded by a
 * migration, whose scan alone cost each check more than all the other tables together): there a
 * trigger counts every row written (inserted, deleted, or updated to other values) and every
 * truncation, and the checksum is that count (installed by {@link watchExplorerWrites}).
 */
export function tableChecksumSql(tables: string[]): string {
  return tables
    .map((name) =>
      name === 'explorer_moves'
        ? `SELECT '${name}' AS t, (SELECT n::text FROM ${WATCH_SCHEMA}.explorer_writes) AS h`
        : `SELECT '${name}' AS t, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM "${name}" x`,
    )
    .join(' UNION ALL ');
}

/** Outside `public`: the app's tables are listed from there, and this one is not the app's. */
const WATCH_SCHEMA = 'test_watch';

/**
 * Counts the writes to `explorer_moves` for {@link tableChecksumSql}: a row trigger for inserts,
 * deletes and updates that change the row (as a hash of the rows would see them), a statement
 * trigger for TRUNCATE. Checks itself on a row added and removed, and one updated to itself (not
 * counted), changed and changed back.
 */
export async function watchExplorerWrites(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<void> {
  await query(`
    CREATE SCHEMA ${WATCH_SCHEMA};
    CREATE TABLE ${WATCH_SCHEMA}.explorer_writes (n bigint NOT NULL);
    INSERT INTO ${WATCH_SCHEMA}.explorer_writes VALUES (0);
    CREATE FUNCTION ${WATCH_SCHEMA}.count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE ${WATCH_SCHEMA}.explorer_writes SET n = n + 1; RETURN NULL; END $$;
    CREATE TRIGGER test_watch_insert_delete AFTER INSERT OR DELETE ON explorer_moves FOR EACH ROW EXECUTE FUNCTION ${WATCH_SCHEMA}.count_write();
    CREATE TRIGGER test_watch_update AFTER UPDATE ON explorer_moves FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION ${WATCH_SCHEMA}.count_write();
    CREATE TRIGGER test_watch_truncate AFTER TRUNCATE ON explorer_moves FOR EACH STATEMENT EXECUTE FUNCTION ${WATCH_SCHEMA}.count_write();
  `);
  const count = async () => Number((await query(`SELECT n FROM ${WATCH_SCHEMA}.explorer_writes`)).rows[0].n);
  const before = await count();
  await query(`
    DO $$ DECLARE k record; BEGIN
      INSERT INTO explorer_moves (source, parent_key, child_key, games, black_half_points, disc_diff) VALUES ('ladder', repeat('p', 65), repeat('c', 65), 1, 0, 0);
      DELETE FROM explorer_moves WHERE (source, parent_key, child_key) = ('ladder', repeat('p', 65), repeat('c', 65));
      SELECT source, parent_key, child_key INTO STRICT k FROM explorer_moves LIMIT 1;
      UPDATE explorer_moves SET disc_diff = disc_diff WHERE (source, parent_key, child_key) = (k.source, k.parent_key, k.child_key);
      UPDATE explorer_moves SET disc_diff = disc_diff + 1 WHERE (source, parent_key, child_key) = (k.source, k.parent_key, k.child_key);
      UPDATE explorer_moves SET disc_diff = disc_diff - 1 WHERE (source, parent_key, child_key) = (k.source, k.parent_key, k.child_key);
    END $$;
  `);
  const after = await count();
  if (after - before !== 4) throw new Error(`the explorer_moves write counter moved by ${after - before} for four writes`);
}

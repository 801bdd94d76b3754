/**
 * SQL that checksums every row of the given tables, to show a request changed nothing. The opening
 * explorer's master-game rows (some 160,000, loaded once by a migration and never written again)
 * are counted and summed rather than hashed row by row, which would make each check take seconds;
 * every other row, the ladder's among them, is hashed.
 */
export function tableChecksumSql(tables: string[]): string {
  return tables
    .map((name) =>
      name === 'explorer_moves'
        ? `SELECT '${name}' AS t, md5(count(*)::text || ':' || coalesce(sum(x.games), 0)::text || ':' || coalesce(string_agg(x::text, E'\\n' ORDER BY x::text) FILTER (WHERE x.source <> 'master'), '')) AS h FROM "${name}" x`
        : `SELECT '${name}' AS t, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM "${name}" x`,
    )
    .join(' UNION ALL ');
}

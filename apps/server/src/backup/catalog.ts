// What a backup reads from the database's own catalog: the site's tables (schema public) in
// foreign-key order, their columns and types, the sequences of serial columns, the applied
// migrations; and the money figures both ends of a backup must agree on. Plain SQL that PGlite and
// PostgreSQL answer alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Db, rowsOf, type Tx } from '../db/client.ts';
import type { MoneySummary } from './format.ts';

export type Runner = Db | Tx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));

export async function rows<T>(db: Runner, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/** A name quoted as an SQL identifier. */
export const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

export interface TableInfo {
  name: string;
  columns: { name: string; type: string }[];
}

/** The site's tables, each after every table its foreign keys point to. */
export async function siteTables(db: Runner): Promise<TableInfo[]> {
  const columns = await rows<{ table: string; column: string; type: string }>(
    db,
    sql`select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r' and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint con
        join pg_class child on child.oid = con.conrelid
        join pg_class parent on parent.oid = con.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where con.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [] };
    table.columns.push({ name: row.column, type: row.type });
    tables.set(row.table, table);
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    if (child === parent) continue;
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    if (visiting.has(name)) throw new Error(`the foreign keys of table ${name} form a cycle`);
    visiting.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) place(parent);
    visiting.delete(name);
    placed.add(name);
    const table = tables.get(name);
    if (table) ordered.push(table);
  };
  for (const name of [...tables.keys()].sort()) place(name);
  return ordered;
}

/** Each serial column of the site's tables and its sequence. */
export async function serialColumns(
  db: Runner,
): Promise<{ table: string; column: string; sequence: string }[]> {
  return rows(
    db,
    sql`select t.relname as table, a.attname as column, s.relname as sequence
        from pg_depend d
        join pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_class t on t.oid = d.refobjid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i') and n.nspname = 'public'
        order by t.relname, a.attname`,
  );
}

export interface AppliedMigration {
  hash: string;
  created_at: number;
}

/** The migrations drizzle recorded as applied, oldest first; none in a database never migrated. */
export async function appliedMigrations(db: Runner): Promise<AppliedMigration[]> {
  const [table] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return [];
  const applied = await rows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return applied.map((m) => ({ hash: m.hash, created_at: Number(m.created_at) }));
}

export interface KnownMigration {
  tag: string;
  hash: string;
  created_at: number;
}

/** The migrations this version of the server ships, oldest first. */
export function knownMigrations(folder = MIGRATIONS_FOLDER): KnownMigration[] {
  // readMigrationFiles follows the journal's order; the journal also gives each one its name.
  const { entries } = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((file, i) => ({
    tag: entries[i]!.tag,
    hash: file.hash,
    created_at: file.folderMillis,
  }));
}

/** The money figures of DESIGN.md section 3, summed exactly in SQL. */
export async function moneySummary(db: Runner): Promise<MoneySummary> {
  const [row] = await rows<MoneySummary>(
    db,
    sql`select (select count(*) from players)::int as players,
          (select coalesce(sum(balance), 0) from players)::text as balances,
          (select coalesce(sum(delta), 0) from ledger)::text as ledger,
          (select coalesce(sum(balance), 0) from gangs)::text as treasuries,
          (select count(*) from players p
             left join (select player_uuid, sum(delta) as total from ledger group by player_uuid) l
               on l.player_uuid = p.uuid
             where p.balance <> coalesce(l.total, 0))::int as mismatched`,
  );
  return row!;
}

/** The rows of each table, in one statement. */
export async function countRows(db: Runner, tables: string[]): Promise<Map<string, number>> {
  if (tables.length === 0) return new Map();
  const [row] = await rows<Record<string, number>>(
    db,
    sql`select ${sql.join(
      tables.map((t, i) => sql`(select count(*) from ${ident(t)})::bigint::text as ${ident(`t${i}`)}`),
      sql`, `,
    )}`,
  );
  return new Map(tables.map((t, i) => [t, Number(row![`t${i}`])]));
}

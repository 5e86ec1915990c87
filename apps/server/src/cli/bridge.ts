// npm run bridge -- create|list|revoke ...: the game servers' credentials for the bridge.
// Works on the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR).
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { credentialNameSchema } from '@prison/shared/bridge-credentials';
import { loadConfig } from '../config.ts';
import { operatorError } from '../errors.ts';
import {
  type CredentialActor,
  createCredential,
  listCredentials,
  revokeCredential,
} from '../modules/bridge/credentials.ts';
import { openCommandDatabase, runCommand } from './run.ts';

const USAGE = `Usage: npm run bridge -- <command> [options]

  create --name NAME
      Makes a credential for one game server and prints its token, this once: put it in that
      server's plugin configuration. NAME: 1 to 32 of a-z 0-9 . _ -, e.g. lobby-1.
  list
      Lists the credentials (never their tokens): name, when made and by whom, last used, revoked.
  revoke --name NAME
      Revokes the credential in use under NAME: its token is refused from the next request on.

BRIDGE_TOKEN keeps working beside them, as the built-in credential "default".`;

/** The operating-system user running the command, for the audit log. */
function operator(): CredentialActor {
  try {
    return { uuid: null, detail: { operator: userInfo().username } };
  } catch {
    return { uuid: null };
  }
}

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (!['create', 'list', 'revoke'].includes(command)) {
    console.error(`Unknown command "${command}"\n\n${USAGE}`);
    return 1;
  }
  const name = () => {
    if (!values.name) throw operatorError(`--name is required for ${command}`);
    const parsed = credentialNameSchema.safeParse(values.name);
    if (!parsed.success) throw operatorError(parsed.error.issues[0]!.message);
    return parsed.data;
  };
  const wanted = command === 'list' ? null : name();

  const config = loadConfig();
  const { database, release } = await openCommandDatabase(config);
  try {
    if (command === 'create') {
      const { credential, token } = await createCredential(database.db, wanted!, operator());
      console.log(`Credential ${credential.name} made (${credential.id}). Its token, shown this once:\n`);
      console.log(`  ${token}\n`);
      console.log(
        "Put it in the game server's plugin configuration as its bearer token. The site keeps only its hash.",
      );
    } else if (command === 'revoke') {
      const credential = await revokeCredential(database.db, { name: wanted! }, operator());
      console.log(`Credential ${credential.name} revoked: its token is refused from now on.`);
    } else {
      const rows = await listCredentials(database.db);
      console.log(
        `${'name'.padEnd(32)} ${'created'.padEnd(16)} ${'by'.padEnd(16)} ${'last used'.padEnd(16)} revoked`,
      );
      for (const row of rows) {
        console.log(
          `${row.name.padEnd(32)} ${day(row.created_at)} ${row.created_by.padEnd(16)} ${day(row.last_used_at).padEnd(16)} ${day(row.revoked_at)}`,
        );
      }
      console.log(`${rows.length} credential(s); BRIDGE_TOKEN is the built-in "default".`);
    }
    return 0;
  } finally {
    await database.close();
    release();
  }
}

await runCommand(main);

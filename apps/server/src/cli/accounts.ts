// npm run accounts -- create|set-password|roles|reset-2fa|list ...
// Works on the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { operatorError } from '../errors.ts';
import { createAccount, listAccounts, setPassword, setRoles } from '../modules/auth/accounts.ts';
import { resetTwoFactor } from '../modules/auth/two-factor.ts';
import { openCommandDatabase, runCommand } from './run.ts';

const USAGE = `Usage: npm run accounts -- <command> [options]

  create --username NAME --password PASSWORD [--role ROLE]... [--uuid UUID]
      Creates or replaces the site account of a player (creating the player if needed).
  set-password --username NAME --password PASSWORD
      Sets a player's password and signs their sessions out.
  roles --username NAME [--role ROLE]...
      Sets a player's roles (none: removes them). Staff roles: ADMIN, OWNER, WEB_ADMIN, DOCS_EDITOR.
  reset-2fa --username NAME
      Clears a player's two-factor sign-in (a lost authenticator and recovery codes) and signs
      their sessions out; they sign in with their password and enrol again.
  list
      Lists the accounts that can sign in.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      uuid: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const need = (name: 'username' | 'password') => {
    const value = values[name];
    if (!value) throw operatorError(`--${name} is required for ${command}`);
    return value;
  };

  const config = loadConfig();
  const { database, release } = await openCommandDatabase(config);
  try {
    switch (command) {
      case 'create': {
        const account = await createAccount(database.db, {
          username: need('username'),
          password: need('password'),
          roles: values.role ?? [],
          uuid: values.uuid,
        });
        console.log(
          `Account ready: ${account.username} (${account.uuid}) roles: ${account.roles.join(', ') || 'none'}`,
        );
        break;
      }
      case 'set-password':
        await setPassword(database.db, need('username'), need('password'));
        console.log(`Password set for ${values.username}; their sessions were signed out.`);
        break;
      case 'roles': {
        const roles = await setRoles(database.db, need('username'), values.role ?? []);
        console.log(`Roles of ${values.username}: ${roles.join(', ') || 'none'}`);
        break;
      }
      case 'reset-2fa': {
        const player = await resetTwoFactor(database.db, { username: need('username') }, null);
        console.log(
          `Two-factor sign-in cleared for ${player.username}; their sessions were signed out. They sign in with their password and can enrol again.`,
        );
        break;
      }
      case 'list': {
        const rows = await listAccounts(database.db);
        for (const row of rows)
          console.log(`${row.username.padEnd(17)} ${row.uuid}  ${row.roles.join(', ')}`);
        console.log(`${rows.length} account(s)`);
        break;
      }
      default:
        console.error(`Unknown command "${command}"\n\n${USAGE}`);
        return 1;
    }
    return 0;
  } finally {
    await database.close();
    release();
  }
}

await runCommand(main);
